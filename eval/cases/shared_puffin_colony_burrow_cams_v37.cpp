// Seabird survey: infrared cameras in puffin burrows push frames to the
// mainland through one shared Uplink. The ColonyHub owns a copy of the uplink,
// closes it at season end, and keeps tide callbacks that also hold copies.
// After the hub's shutdown, the southern camera still holds the closed uplink
// (only the northern one was rebound), the tide callback registered with a
// strong copy fires on the closed uplink, and a watcher whose weak_ptr still
// lock()s pushes without checking closed().
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Frame {
  int burrow;
  std::string label;
};

class Uplink {
 public:
  explicit Uplink(std::string host) : host_(std::move(host)) {}
  void push(const Frame& f) {
    if (closed_) throw std::runtime_error("uplink to " + host_ + " closed");
    sent_.push_back(f);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

 private:
  std::string host_;
  bool closed_ = false;
  std::vector<Frame> sent_;
};

class BurrowCam {
 public:
  BurrowCam(int burrow, std::shared_ptr<Uplink> up) : burrow_(burrow), up_(std::move(up)) {}
  void capture() {
    up_->push(Frame{burrow_, "ir"});  // SAME: capture
  }
  void rebind(std::shared_ptr<Uplink> up) { up_ = std::move(up); }

 private:
  int burrow_;
  std::shared_ptr<Uplink> up_;
};

class ColonyHub {
 public:
  explicit ColonyHub(std::shared_ptr<Uplink> up) : up_(std::move(up)) {}
  void on_tide(std::function<void()> cb) { tide_cbs_.push_back(std::move(cb)); }
  void tide_turned() {
    for (auto& cb : tide_cbs_) cb();
  }
  void shutdown() { up_->close(); }
  const std::shared_ptr<Uplink>& uplink() const { return up_; }

 private:
  std::shared_ptr<Uplink> up_;
  std::vector<std::function<void()>> tide_cbs_;
};

void season_end() {
  auto up = std::make_shared<Uplink>("survey.mainland.example");
  ColonyHub hub(up);
  BurrowCam north(1, up);
  BurrowCam south(2, up);

  north.capture();
  south.capture();
  hub.shutdown();

  north.rebind(std::make_shared<Uplink>("backup.mainland.example"));
  north.capture();  // OK: rebound to a fresh uplink
  south.capture();  // BUG: use-after-close #capture
}

void tide_watch() {
  auto up = std::make_shared<Uplink>("survey.mainland.example");
  ColonyHub hub(up);
  hub.on_tide([up] {
    up->push(Frame{0, "tide-turn"});  // SAME: tide
  });
  hub.tide_turned();  // OK: the uplink is still open
  hub.shutdown();
  hub.tide_turned();  // BUG: use-after-close #tide
}

void weak_watcher() {
  auto up = std::make_shared<Uplink>("survey.mainland.example");
  std::weak_ptr<Uplink> watch = up;
  ColonyHub hub(up);
  hub.shutdown();
  if (auto s = watch.lock(); s && !s->closed()) {
    s->push(Frame{9, "heartbeat"});  // OK: closed() checked after lock()
  }
  auto held = watch.lock();
  held->push(Frame{9, "late"});  // BUG: use-after-close
}

void owner_reassign() {
  auto up = std::make_shared<Uplink>("survey.mainland.example");
  auto keeper = up;
  keeper->close();
  up = std::make_shared<Uplink>("relay.mainland.example");
  up->push(Frame{3, "dawn"});  // OK: up now owns a different, open uplink
  if (!keeper->closed()) keeper->push(Frame{3, "dawn"});  // OK: guarded
}
