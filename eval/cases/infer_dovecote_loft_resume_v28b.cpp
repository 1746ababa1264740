// Dovecote loft telemetry: a LoftFeed streams perch-sensor readings from a
// racing-pigeon loft to the club's race server. pause() holds readings back,
// resume() lets held readings flow again, reopen() starts a fresh session on a
// closed feed, close() ends the session. The evening routine pauses the feed
// while the loft door is cycled; the season routines close the feed, and the
// new-season routine reopens it before pushing the first reading.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class LoftFeed {
public:
  explicit LoftFeed(std::string loft) : loft_(std::move(loft)) {}

  void push(const std::string &reading) {
    if (state_ == State::Closed)
      throw std::runtime_error("loft feed closed: " + loft_);
    if (state_ == State::Paused) {
      held_.push_back(reading);
      return;
    }
    sent_.push_back(reading);
  }

  void pause() {
    if (state_ == State::Open)
      state_ = State::Paused;
  }

  void resume() {
    if (state_ == State::Closed)
      return;
    state_ = State::Open;
    for (std::string &r : held_)
      sent_.push_back(std::move(r));
    held_.clear();
  }

  void reopen() {
    if (state_ != State::Closed)
      return;
    held_.clear();
    sent_.clear();
    state_ = State::Open;
  }

  void close() {
    state_ = State::Closed;
    held_.clear();
  }

  bool closed() const { return state_ == State::Closed; }
  std::size_t sentCount() const { return sent_.size(); }

private:
  enum class State { Open, Paused, Closed };
  std::string loft_;
  std::vector<std::string> held_;
  std::vector<std::string> sent_;
  State state_ = State::Open;
};

struct Perch {
  int number;
  bool occupied;
};

void cycleLoftDoor(LoftFeed &feed, const std::vector<Perch> &perches) {
  feed.pause();
  for (const Perch &p : perches)
    feed.push("perch " + std::to_string(p.number) +
              (p.occupied ? " occupied" : " empty"));
  feed.resume();
  feed.push("door cycled");
}

void endOfSeason(LoftFeed &feed, int birdsHome, int birdsLost) {
  feed.push("season end: home=" + std::to_string(birdsHome));
  feed.close();
  std::printf("season closed, %d birds lost\n", birdsLost);
  feed.resume(); // OK
  feed.push("final tally " + std::to_string(birdsHome + birdsLost)); // BUG: use-after-close
}

void startSeason(LoftFeed &feed, const std::vector<Perch> &perches) {
  if (!feed.closed())
    feed.close();
  feed.reopen();
  feed.push("season start"); // OK
  for (const Perch &p : perches)
    feed.push("ring check perch " + std::to_string(p.number)); // OK
}

void stormWarning(LoftFeed &feed, bool keepBirdsIn) {
  if (keepBirdsIn) {
    feed.push("storm: loft sealed");
    feed.close();
  }
  if (!feed.closed())
    feed.push("storm: flights as planned"); // OK
}

void shutDownLoft(LoftFeed &feed) {
  feed.close();
  std::printf("loft feed shut down\n");
  feed.close(); // OK
}
