// Garden-show pavilion: rigging crews register gust callbacks with a dispatcher so the
// guy-line winch on each pole pays out line when the wind rises. PoleCrew captures a
// shared_ptr copy of its winch line in the callback and, when it stands down,
// disconnects the line but forgets to unsubscribe, so the next gust runs the callback
// against a disconnected line.
// SafeCrew unsubscribes before disconnecting, and LeewardCrew captures a weak_ptr and
// checks alive() inside the callback; both are correct.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class WinchLine {
 public:
  explicit WinchLine(std::string pole) : pole_(std::move(pole)) {}

  void pay_out(int cm) {
    if (!alive_) throw std::runtime_error("winch line at " + pole_ + " disconnected");
    paid_cm_ += cm;
  }

  void disconnect() { alive_ = false; }  // idempotent
  bool alive() const { return alive_; }

 private:
  std::string pole_;
  int paid_cm_ = 0;
  bool alive_ = true;
};

class GustDispatcher {
 public:
  int subscribe(std::function<void(int)> cb) {
    int id = next_id_++;
    callbacks_.emplace(id, std::move(cb));
    return id;
  }
  void unsubscribe(int id) { callbacks_.erase(id); }
  void fire(int knots) {
    for (auto& entry : callbacks_) entry.second(knots);
  }

 private:
  std::map<int, std::function<void(int)>> callbacks_;
  int next_id_ = 1;
};

class PoleCrew {
 public:
  PoleCrew(GustDispatcher& gusts, std::shared_ptr<WinchLine> line) : gusts_(gusts), line_(std::move(line)) {
    std::shared_ptr<WinchLine> held = line_;
    sub_ = gusts_.subscribe([held](int knots) {
      if (knots > 25) held->pay_out(knots * 2);  // SAME: gust
    });
  }
  void stand_down() { line_->disconnect(); }

 private:
  GustDispatcher& gusts_;
  std::shared_ptr<WinchLine> line_;
  int sub_ = 0;
};

class SafeCrew {
 public:
  SafeCrew(GustDispatcher& gusts, std::shared_ptr<WinchLine> line) : gusts_(gusts), line_(std::move(line)) {
    std::shared_ptr<WinchLine> held = line_;
    sub_ = gusts_.subscribe([held](int knots) {
      if (knots > 25) held->pay_out(knots * 2);  // OK: unsubscribed before the disconnect
    });
  }
  void stand_down() {
    gusts_.unsubscribe(sub_);
    line_->disconnect();
  }

 private:
  GustDispatcher& gusts_;
  std::shared_ptr<WinchLine> line_;
  int sub_ = 0;
};

class LeewardCrew {
 public:
  LeewardCrew(GustDispatcher& gusts, const std::shared_ptr<WinchLine>& line) : line_(line) {
    std::weak_ptr<WinchLine> weak = line;
    gusts.subscribe([weak](int knots) {
      auto l = weak.lock();
      if (!l || !l->alive()) return;
      l->pay_out(knots);  // OK: alive() checked just above on this thread
    });
  }
  void stand_down() { line_->disconnect(); }

 private:
  std::shared_ptr<WinchLine> line_;
};

void storm_watch(GustDispatcher& gusts) {
  auto north = std::make_shared<WinchLine>("north pole");
  PoleCrew crew(gusts, north);
  gusts.fire(30);
  crew.stand_down();
  gusts.fire(40);  // BUG: use-after-close #gust
}

void calm_watch() {
  GustDispatcher gusts;
  auto south = std::make_shared<WinchLine>("south pole");
  auto east = std::make_shared<WinchLine>("east pole");
  SafeCrew safe(gusts, south);
  LeewardCrew leeward(gusts, east);
  gusts.fire(30);
  safe.stand_down();
  leeward.stand_down();
  gusts.fire(45);  // OK: south's callback is gone, east's checks alive()
  south = std::make_shared<WinchLine>("south pole spare");
  south->pay_out(10);  // OK: a fresh line
}
