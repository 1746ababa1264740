// Sumo stable weigh-in: the desk publishes each wrestler's weight on a channel and
// the results board shares the same channel through a shared_ptr copy. After the
// morning session the desk closes its channel and opens a fresh one for the
// afternoon, but the board (and a weak watcher) still point at the morning channel,
// which stays alive because the board owns a copy: reassigning the desk's pointer
// does not revive it. Posting through the board, or through the weak watcher, after
// the desk closed it throws.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class WeighChannel {
 public:
  explicit WeighChannel(std::string session) : session_(std::move(session)) {}

  void publish(const std::string& rikishi, double kg) {
    if (closed_) throw std::runtime_error("weigh channel " + session_ + " closed");
    lines_.push_back(rikishi + " " + std::to_string(kg));
  }

  void close() {
    if (closed_) throw std::runtime_error("weigh channel " + session_ + " closed twice");
    closed_ = true;
  }

  bool is_open() const { return !closed_; }
  const std::string& session() const { return session_; }

 private:
  std::string session_;
  std::vector<std::string> lines_;
  bool closed_ = false;
};

class ResultsBoard {
 public:
  explicit ResultsBoard(std::shared_ptr<WeighChannel> ch) : ch_(std::move(ch)) {}

  void post(const std::string& rikishi, double kg) {
    ch_->publish(rikishi, kg);  // SAME: board
  }

  void post_if_open(const std::string& rikishi, double kg) {
    if (ch_->is_open()) ch_->publish(rikishi, kg);  // OK: checked first
  }

 private:
  std::shared_ptr<WeighChannel> ch_;
};

class WeighInDesk {
 public:
  WeighInDesk() : ch_(std::make_shared<WeighChannel>("morning")) {}

  std::shared_ptr<WeighChannel> channel() const { return ch_; }
  std::weak_ptr<WeighChannel> watch() const { return ch_; }

  void record(const std::string& rikishi, double kg) { ch_->publish(rikishi, kg); }

  void finish_session() { ch_->close(); }

  void next_session(const std::string& name) { ch_ = std::make_shared<WeighChannel>(name); }

 private:
  std::shared_ptr<WeighChannel> ch_;
};

void weigh_in_day() {
  WeighInDesk desk;
  ResultsBoard board(desk.channel());

  desk.record("Hoshoryu", 150.5);
  board.post("Hoshoryu", 150.5);

  desk.finish_session();
  desk.next_session("afternoon");
  desk.record("Onosato", 184.0);  // OK: the desk now owns a fresh channel

  board.post_if_open("Onosato", 184.0);  // OK: the board checks is_open()
  board.post("Onosato", 184.0);  // BUG: use-after-close #board
}

void scoreboard_watch() {
  WeighInDesk desk;
  ResultsBoard board(desk.channel());
  std::weak_ptr<WeighChannel> watcher = desk.watch();
  if (auto ch = watcher.lock()) ch->publish("Kotozakura", 176.0);

  desk.finish_session();
  desk.next_session("afternoon");
  // The board still owns the morning channel, so lock() succeeds, but it is closed.
  if (auto ch = watcher.lock()) ch->publish("Takayasu", 179.0);  // BUG: use-after-close
}

void afternoon_only() {
  WeighInDesk desk;
  desk.finish_session();
  desk.next_session("afternoon");
  ResultsBoard board(desk.channel());
  board.post("Wakatakakage", 140.0);  // OK: the board was built from the fresh channel
  std::weak_ptr<WeighChannel> w = desk.watch();
  if (auto ch = w.lock()) ch->publish("Abi", 165.5);  // OK: the afternoon channel is open
}
