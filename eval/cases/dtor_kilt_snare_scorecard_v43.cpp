// Pipe-band practice journal: every tune of a set is logged to its own score
// card file (FILE*). ScoreCard owns a FILE* and closes it in its destructor;
// it is move-only and a moved-from card owns nothing. The journal keeps the
// cards of the current set open and drops them when the set ends, and writes
// a one-off summary of the snare corps' flams and rolls after the practice.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace pipeband {

class ScoreCard {
public:
  explicit ScoreCard(FILE *f) : f_(f) {}
  ScoreCard(ScoreCard &&other) noexcept : f_(std::exchange(other.f_, nullptr)) {}
  ScoreCard &operator=(ScoreCard &&other) noexcept {
    if (this != &other) {
      if (f_)
        std::fclose(f_);
      f_ = std::exchange(other.f_, nullptr);
    }
    return *this;
  }
  ScoreCard(const ScoreCard &) = delete;
  ScoreCard &operator=(const ScoreCard &) = delete;
  ~ScoreCard() {
    if (f_)
      std::fclose(f_);
  }

  FILE *get() const { return f_; }
  void stampTitle(const std::string &title) const {
    std::fprintf(f_, "== %s ==\n", title.c_str());
  }

private:
  FILE *f_;
};

struct SnareTune {
  std::string name;
  int bars = 0;
  int flams = 0;
  int rolls = 0;
};

class PracticeJournal {
public:
  explicit PracticeJournal(std::string dir) : dir_(std::move(dir)) {}
  bool startTune(const SnareTune &tune);
  bool restartTune(const SnareTune &tune);
  void noteTempo(int bpm);
  void endSet(const std::string &setName);
  void writeSummary(const std::string &path, const std::vector<SnareTune> &tunes);

private:
  FILE *openCard(const SnareTune &tune, const char *mode) const {
    return std::fopen((dir_ + "/" + tune.name + ".card").c_str(), mode);
  }

  std::string dir_;
  std::vector<ScoreCard> cards_;
};

bool PracticeJournal::startTune(const SnareTune &tune) {
  FILE *f = openCard(tune, "w");
  if (!f)
    return false;
  cards_.push_back(ScoreCard(f));
  std::fprintf(f, "tune=%s bars=%d\n", tune.name.c_str(), tune.bars); // OK
  return true;
}

// The band stopped and starts the tune again: the fresh card replaces the
// current one (the old card is closed by the move assignment).
bool PracticeJournal::restartTune(const SnareTune &tune) {
  if (cards_.empty())
    return startTune(tune);
  FILE *f = openCard(tune, "w");
  if (!f)
    return false;
  cards_.back() = ScoreCard(f);
  std::fputs("# restarted after a false start\n", f); // OK
  return true;
}

void PracticeJournal::noteTempo(int bpm) {
  if (cards_.empty())
    return;
  std::fprintf(cards_.back().get(), "tempo=%d\n", bpm);
}

void PracticeJournal::endSet(const std::string &setName) {
  FILE *last = cards_.empty() ? nullptr : cards_.back().get();
  cards_.clear();
  if (last)
    std::fprintf(last, "-- end of set %s --\n", setName.c_str()); // BUG: use-after-close
}

void PracticeJournal::writeSummary(const std::string &path,
                                   const std::vector<SnareTune> &tunes) {
  FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    return;
  ScoreCard(f).stampTitle("kilt-night practice summary");
  for (const SnareTune &t : tunes)
    std::fprintf(f, "%-28s flams=%3d rolls=%3d\n", t.name.c_str(), t.flams, // BUG: use-after-close
                 t.rolls);
}

} // namespace pipeband
