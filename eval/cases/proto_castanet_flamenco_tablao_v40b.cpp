// Flamenco tablao rhythm tools. CompasClock counts the 12-beat compás for the
// dancers' monitor (enum state; tick() throws once finished, rearm() makes it
// usable again); PalmasRecorder records the hand-claps of a set and is sealed
// when the set ends (atomic flag checked by a private helper).
// Two mistakes: set_change() ticks the clock after count_bulerias() finished it,
// and record_set() adds the closing remate clap after sealing the recording.
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <vector>

class CompasClock {
public:
  enum class State { Idle, Counting, Closed };
  explicit CompasClock(int beats) : beats_(beats) {}
  void start() {
    if (state_ == State::Closed)
      throw std::logic_error("compas clock closed");
    state_ = State::Counting;
  }
  int tick() {
    if (state_ == State::Closed)
      throw std::logic_error("compas clock closed");
    if (state_ == State::Idle)
      return 0;
    beat_ = beat_ % beats_ + 1;
    return beat_;
  }
  void finish() { state_ = State::Closed; }
  void rearm(int beats) {
    beats_ = beats;
    beat_ = 0;
    state_ = State::Idle;
  }
  State state() const { return state_; }

private:
  int beats_;
  int beat_ = 0;
  State state_ = State::Idle;
};

struct Clap {
  double at = 0;
  bool sorda = false; // muffled clap
};

class PalmasRecorder {
public:
  void add_clap(double at, bool sorda) {
    ensure_open();
    claps_.push_back({at, sorda});
  }
  void seal() { sealed_.store(true); }
  bool sealed() const { return sealed_.load(); }
  std::size_t size() const { return claps_.size(); }

private:
  void ensure_open() const {
    if (sealed_.load())
      throw std::logic_error("palmas recording closed");
  }
  std::atomic<bool> sealed_{false};
  std::vector<Clap> claps_;
};

static bool accented(int beat) { return beat == 3 || beat == 6 || beat == 8 || beat == 10 || beat == 12; }

int count_bulerias(CompasClock &clock, int bars) {
  clock.start();
  int accents = 0;
  for (int i = 0; i < bars * 12; ++i)
    if (accented(clock.tick()))
      ++accents;
  clock.finish();
  return accents;
}

int set_change(CompasClock &clock) {
  int accents = count_bulerias(clock, 4);
  int beat = clock.tick(); // BUG: use-after-close
  return accents + beat;
}

int set_change_rearmed(CompasClock &clock) {
  int accents = count_bulerias(clock, 4);
  if (clock.state() != CompasClock::State::Closed)
    accents += clock.tick(); // OK: guarded by state()
  clock.rearm(12);
  clock.start();
  return accents + clock.tick(); // OK: rearm() reopened the clock
}

void record_set(PalmasRecorder &rec, const std::vector<double> &times, double end_time) {
  for (double t : times)
    rec.add_clap(t, false);
  rec.seal();
  rec.add_clap(end_time, true); // BUG: use-after-close
}

void record_set_carefully(PalmasRecorder &rec, const std::vector<double> &times, double end_time) {
  for (double t : times)
    rec.add_clap(t, false);
  rec.add_clap(end_time, true); // OK: before seal()
  rec.seal();
  if (!rec.sealed())
    rec.add_clap(end_time + 0.5, true); // OK: guarded by sealed()
  std::printf("%zu claps recorded\n", rec.size()); // OK: size() does not check the seal
}

int night_show(const std::vector<double> &times) {
  CompasClock soleares(12);
  CompasClock tangos(4);
  int n = set_change_rearmed(soleares);
  tangos.start();
  n += tangos.tick(); // OK: a different clock than the one finished above
  n += set_change(soleares);
  PalmasRecorder first, second;
  record_set_carefully(first, times, 90.0);
  record_set(second, times, 95.0);
  return n;
}
