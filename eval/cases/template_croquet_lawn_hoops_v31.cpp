// Croquet club: each lawn has electronic hoops that report when a ball runs
// through them, and a score board the umpire updates. Both travel over the
// club's small typed Feed template: publish() throws once the feed is
// closed, close() may be called again. A match closes its hoop feed when a
// ball pegs out; the score feed stays open for corrections until the end.
#include <cstddef>
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>

namespace croquet {

template <typename Payload> class Feed {
public:
  explicit Feed(std::string name) : name_(std::move(name)) {}

  void publish(const Payload &item) {
    if (closed_)
      throw std::logic_error("feed " + name_ + " is closed");
    backlog_.push_back(item);
  }
  void close() {
    closed_ = true;
    backlog_.clear();
  }
  bool closed() const { return closed_; }
  std::size_t backlog() const { return backlog_.size(); }

private:
  std::string name_;
  std::deque<Payload> backlog_;
  bool closed_ = false;
};

struct HoopPass {
  int hoop;
  std::string ball;
};

struct ScoreCard {
  std::string side;
  int points;
};

constexpr int kPeg = 13;

class Match {
public:
  explicit Match(const std::string &lawn) : hoops_(lawn + "/hoops"), scores_(lawn + "/scores") {}

  void ballThrough(int hoop, const std::string &ball) {
    if (hoops_.closed())
      return;
    hoops_.publish({hoop, ball}); // OK: checked closed() just above
    if (hoop == kPeg)
      hoops_.close();
  }

  void pegOut(const std::string &side, int points) {
    hoops_.close(); // OK: Feed::close() is idempotent
    scores_.publish({side, points}); // OK: only the hoop feed is closed
  }

  void correctScore(const std::string &side, int points) {
    scores_.publish({side, points}); // SAME: croquet-protest
  }

  void replayPass(int hoop, const std::string &ball) {
    hoops_.publish({hoop, ball}); // SAME: croquet-replay
  }

  void endMatch() { scores_.close(); }
  bool scoresOpen() const { return !scores_.closed(); }

private:
  Feed<HoopPass> hoops_;
  Feed<ScoreCard> scores_;
};

void saturdayFinal(Match &m) {
  m.ballThrough(1, "blue");
  m.ballThrough(kPeg, "red");
  m.ballThrough(3, "black"); // OK
  m.pegOut("red-yellow", 26);
  m.correctScore("red-yellow", 25); // OK
  m.replayPass(12, "red"); // BUG: use-after-close #croquet-replay
  m.endMatch();
}

void rainedOff(Match &m, int blueBlack) {
  m.endMatch();
  if (m.scoresOpen())
    m.correctScore("blue-black", blueBlack); // OK
}

void protestUpheld(Match &m, int points) {
  m.endMatch();
  m.correctScore("red-yellow", points); // BUG: use-after-close #croquet-protest
}

} // namespace croquet
