// Stadium scoreboard feed: the game clock fires tick callbacks every few
// seconds; the scoreboard publisher registers callbacks that push the clock
// and score to the video board and rotate sponsor slides. At halftime the
// board link is moved to the replay server's ingest endpoint (the old link is
// flushed and closed, a new one is opened), and the whole feed is stopped at
// the final whistle.
#include "netconn.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace stadium {

class GameClock {
public:
  using Tick = std::function<void(int secondsLeft)>;

  void onTick(Tick cb) { ticks_.push_back(std::move(cb)); }
  void clearTicks() { ticks_.clear(); }
  void reset(int seconds) { left_ = seconds; }
  void advance(int seconds) {
    left_ = left_ > seconds ? left_ - seconds : 0;
    for (Tick &t : ticks_)
      t(left_);
  }

private:
  std::vector<Tick> ticks_;
  int left_ = 45 * 60;
};

class ScoreboardPublisher {
public:
  ScoreboardPublisher(GameClock &clock, const std::string &endpoint)
      : clock_(clock), board_(std::make_shared<net::Connection>(endpoint)) {}

  void start();
  void goal(bool home);
  void switchEndpoint(const std::string &endpoint);
  void stop();

private:
  std::string scoreLine() const {
    return std::to_string(home_) + "-" + std::to_string(away_);
  }

  GameClock &clock_;
  std::shared_ptr<net::Connection> board_;
  std::vector<std::string> sponsors_{"Acme Tyres", "North Bank Bakery", "Riverside Ford"};
  size_t slide_ = 0;
  int home_ = 0;
  int away_ = 0;
};

void ScoreboardPublisher::start() {
  std::shared_ptr<net::Connection> board = board_;
  clock_.onTick([board, this](int left) {
    board->send("CLOCK " + std::to_string(left / 60) + ":" + std::to_string(left % 60) + // SAME: clock
                " " + scoreLine());
  });
  clock_.onTick([this](int left) {
    if (left % 120 != 0)
      return;
    board_->send("SLIDE " + sponsors_[slide_++ % sponsors_.size()]); // OK
  });
}

void ScoreboardPublisher::goal(bool home) {
  (home ? home_ : away_) += 1;
  board_->send("GOAL " + scoreLine()); // OK
  board_->flush();
}

void ScoreboardPublisher::switchEndpoint(const std::string &endpoint) {
  board_->flush();
  board_->close();
  board_ = std::make_shared<net::Connection>(endpoint);
  board_->send("SCORE " + scoreLine()); // OK
}

void ScoreboardPublisher::stop() {
  clock_.clearTicks();
  board_->send("FINAL " + scoreLine());
  board_->flush();
  board_->close();
}

void matchDay(const std::string &boardEndpoint, const std::string &replayEndpoint) {
  GameClock clock;
  ScoreboardPublisher pub(clock, boardEndpoint);
  pub.start();
  for (int i = 0; i < 30; ++i)
    clock.advance(90);
  pub.goal(true);
  pub.switchEndpoint(replayEndpoint);
  clock.reset(45 * 60);
  for (int i = 0; i < 30; ++i)
    clock.advance(90); // BUG: use-after-close #clock
  pub.goal(false);
  pub.stop();
  clock.advance(90); // OK
}

} // namespace stadium
