// Buzzer network around a sumo ring (dohyo). One BuzzerChannel is shared by the arena
// scoreboard, the referee's console and a weak replay feed. When the console closes the
// day, the scoreboard still holds the same (now shut down) channel: announcing a late
// bout through it fails, locking the replay feed's weak_ptr yields the shut-down channel
// (the object is alive, just closed), and giving the console a fresh channel for the next
// day does not revive the channel next_day() still holds.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class BuzzerChannel {
 public:
  explicit BuzzerChannel(int ring) : ring_(ring) {}

  void buzz(const std::string& what) {
    if (state_ != State::Live) throw std::runtime_error("buzzer channel shut down");
    log_.push_back(std::to_string(ring_) + ":" + what);
  }
  void shutdown() {
    if (state_ == State::Down) throw std::runtime_error("buzzer channel already shut down");
    state_ = State::Down;
  }
  bool is_live() const { return state_ == State::Live; }

 private:
  enum class State { Live, Down };
  int ring_;
  State state_ = State::Live;
  std::vector<std::string> log_;
};

class Scoreboard {
 public:
  explicit Scoreboard(std::shared_ptr<BuzzerChannel> ch) : ch_(std::move(ch)) {}
  void on_bout_end(const std::string& winner) {
    ++bouts_;
    ch_->buzz("winner " + winner);  // SAME: lateBout
  }
  void on_bout_end_if_live(const std::string& winner) {
    if (!ch_->is_live()) return;
    ch_->buzz("winner " + winner);  // OK: guarded
  }

 private:
  std::shared_ptr<BuzzerChannel> ch_;
  int bouts_ = 0;
};

class RefereeConsole {
 public:
  explicit RefereeConsole(std::shared_ptr<BuzzerChannel> ch) : ch_(std::move(ch)) {}
  void call_matta() { ch_->buzz("matta"); }
  void close_day() { ch_->shutdown(); }
  void new_day(int ring) { ch_ = std::make_shared<BuzzerChannel>(ring); }

 private:
  std::shared_ptr<BuzzerChannel> ch_;
};

void tournament_day() {
  auto ch = std::make_shared<BuzzerChannel>(1);
  Scoreboard board(ch);
  RefereeConsole console(ch);

  console.call_matta();  // OK
  board.on_bout_end("Hoshoryu");  // OK: nobody closed the channel yet
  ch->buzz("kachi-koshi");  // OK

  console.close_day();
  board.on_bout_end_if_live("Kotozakura");  // OK: the scoreboard checks is_live()
  board.on_bout_end("Onosato");  // BUG: use-after-close #lateBout
}

void replay_review() {
  auto ch = std::make_shared<BuzzerChannel>(1);
  Scoreboard board(ch);
  RefereeConsole console(ch);
  std::weak_ptr<BuzzerChannel> replay_feed = ch;
  ch.reset();

  console.close_day();
  if (auto feed = replay_feed.lock(); feed && feed->is_live()) feed->buzz("replay");  // OK
  if (auto feed = replay_feed.lock()) {
    feed->buzz("replay slow-motion");  // BUG: use-after-close
  }
}

void next_day() {
  auto ch = std::make_shared<BuzzerChannel>(1);
  RefereeConsole console(ch);
  console.close_day();
  console.new_day(2);
  console.call_matta();  // OK: the console owns a fresh channel now
  ch->buzz("yusho");  // BUG: use-after-close
}

void practice_session() {
  auto ch = std::make_shared<BuzzerChannel>(3);
  auto spare = std::make_shared<BuzzerChannel>(4);
  RefereeConsole console(ch);
  Scoreboard board(spare);
  console.close_day();
  board.on_bout_end("keiko");  // OK: the scoreboard holds a different channel
  spare->buzz("end of keiko");  // OK
  std::weak_ptr<BuzzerChannel> w = spare;
  spare.reset();
  if (auto s = w.lock()) s->buzz("still wired");  // OK: board keeps it alive and live
}
