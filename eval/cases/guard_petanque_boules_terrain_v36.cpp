// Pétanque club terrain: each piste has a ScoreLink to the clubhouse display.
// The link may already be down when a method runs (the clubhouse reports a
// lost display through on_display_lost(), shutdown() and forfeits drop it),
// so callers guard their sends in the usual ways: null-or-closed checks, a
// state enum, a stored bool, operator bool, a helper that returns false, a
// loop condition, negated getters with early returns. Two paths
// go wrong: end_of_mene() reuses a stored bool after a winning mène has
// disconnected the link, and forfeit() disconnects inside the branch and falls
// through to the announce.
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ScoreLink {
 public:
  enum class State { Up, Draining, Down };
  explicit ScoreLink(std::string piste) : piste_(std::move(piste)) {}
  void send(const std::string& msg) {
    if (state_ == State::Down) throw std::runtime_error("score link " + piste_ + " is down");
    sent_.push_back(msg);
  }
  void disconnect() { state_ = State::Down; }
  bool is_closed() const { return state_ == State::Down; }
  bool connected() const { return state_ != State::Down; }
  State state() const { return state_; }
  explicit operator bool() const { return state_ != State::Down; }
  bool poll() { return ++polls_ < 3; }

 private:
  std::string piste_;
  std::vector<std::string> sent_;
  State state_ = State::Up;
  int polls_ = 0;
};

class Piste {
 public:
  explicit Piste(std::string name) : link_(std::make_unique<ScoreLink>(name)), name_(std::move(name)) {}

  void report_throw(int team, int points) {
    if (!link_ || link_->is_closed()) return;
    link_->send("team " + std::to_string(team) + " +" + std::to_string(points));  // OK: null-or-closed guard
  }

  void report_cochonnet_moved() {
    if (link_ && !link_->is_closed()) link_->send("jack moved");  // OK: && guard
  }

  void report_by_state(const std::string& msg) {
    switch (link_->state()) {
      case ScoreLink::State::Up:
      case ScoreLink::State::Draining:
        link_->send(msg);  // OK: state enum says the link is not down
        break;
      case ScoreLink::State::Down:
        pending_.push_back(msg);
        break;
    }
  }

  void report_if_truthy(const std::string& msg) {
    if (!*link_) { pending_.push_back(msg); return; }
    link_->send(msg);  // OK: operator bool checked
  }

  void wait_for_display() {
    while (!link_->is_closed()) {
      link_->send("ping");  // OK: loop condition re-checked before each send
      if (!link_->poll()) break;
    }
  }

  bool ready() const { return link_ && link_->connected(); }

  void flush_pending() {
    if (!ready()) return;
    for (const auto& m : pending_) link_->send(m);  // OK: ready() checked connected()
    pending_.clear();
  }

  void end_of_mene(int team, int points) {
    bool up = link_->connected();
    if (up) link_->send("mène over");  // OK: stored bool from connected()
    if (points >= 13) link_->disconnect();
    if (up) link_->send("team " + std::to_string(team) + " takes " + std::to_string(points));  // BUG: use-after-close
  }

  void forfeit(int team, bool walkover) {
    if (!link_->connected()) return;
    if (walkover) {
      link_->send("walkover for team " + std::to_string(team));  // OK: early return when not connected
      link_->disconnect();
    }
    link_->send("forfeit recorded for team " + std::to_string(team));  // BUG: use-after-close
  }

  void on_display_lost() { link_->disconnect(); }

  void shutdown() {
    if (!link_->connected()) return;
    link_->send("terrain closing");  // OK: negated getter with early return
    link_->disconnect();
  }

 private:
  std::unique_ptr<ScoreLink> link_;
  std::string name_;
  std::vector<std::string> pending_;
};
