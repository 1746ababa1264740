// Meerkat enclosure: sentinel webcams push frames to a stream uplink shared
// by several components. The camera subscribes a frame callback on the event
// bus holding its own shared_ptr copy; the archiver keeps a weak_ptr. When the
// camera is retired it closes the shared uplink, but its callback stays on the
// bus, so the next publish pushes a frame on the closed uplink. Elsewhere the
// keeper's dashboard keeps the old uplink after the enclosure swaps in a new
// one, and a late snapshot locks the weak_ptr (which still succeeds) and pushes
// without checking whether the uplink was closed.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class StreamUplink {
 public:
  explicit StreamUplink(std::string burrow) : burrow_(std::move(burrow)) {}

  void push_frame(int seq) {
    if (closed_) throw std::runtime_error("uplink " + burrow_ + " closed");
    last_seq_ = seq;
  }

  // Idempotent: a second close is a no-op.
  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }

 private:
  std::string burrow_;
  bool closed_ = false;
  int last_seq_ = -1;
};

class EventBus {
 public:
  using Handler = std::function<void(int)>;
  void subscribe(Handler h) { handlers_.push_back(std::move(h)); }
  void publish(int seq) {
    for (auto& h : handlers_) h(seq);
  }

 private:
  std::vector<Handler> handlers_;
};

class SentinelCam {
 public:
  SentinelCam(std::shared_ptr<StreamUplink> up, EventBus& bus) : up_(std::move(up)) {
    bus.subscribe([up = up_](int seq) { up->push_frame(seq); });  // SAME: motion
  }
  void retire() { up_->close(); }

 private:
  std::shared_ptr<StreamUplink> up_;
};

class Archiver {
 public:
  explicit Archiver(const std::shared_ptr<StreamUplink>& up) : up_(up) {}

  bool flush(int seq) {
    auto up = up_.lock();
    if (!up || up->is_closed()) return false;
    up->push_frame(seq);  // OK: checked for both expiry and close
    return true;
  }

 private:
  std::weak_ptr<StreamUplink> up_;
};

void evening_closing(EventBus& bus) {
  auto uplink = std::make_shared<StreamUplink>("burrow-east");
  SentinelCam cam(uplink, bus);
  Archiver archiver(uplink);
  bus.publish(1);
  archiver.flush(1);
  cam.retire();
  archiver.flush(2);  // OK: flush() checks is_closed()
  bus.publish(2);  // BUG: use-after-close #motion
}

// The enclosure swaps its uplink; reassigning `uplink` does not reopen the
// object the keeper's dashboard still holds.
void rotate_uplink() {
  auto uplink = std::make_shared<StreamUplink>("burrow-west");
  std::shared_ptr<StreamUplink> keeper_dashboard = uplink;
  keeper_dashboard->push_frame(9);
  uplink->close();
  uplink = std::make_shared<StreamUplink>("burrow-west-2");
  uplink->push_frame(10);  // OK: fresh uplink
  keeper_dashboard->push_frame(10);  // BUG: use-after-close
}

void take_snapshot(const std::weak_ptr<StreamUplink>& weak, int seq) {
  if (auto up = weak.lock()) up->push_frame(seq);  // SAME: snapshot
}

void take_snapshot_checked(const std::weak_ptr<StreamUplink>& weak, int seq) {
  if (auto up = weak.lock(); up && !up->is_closed()) up->push_frame(seq);  // OK: checked
}

void dusk_snapshot() {
  auto uplink = std::make_shared<StreamUplink>("sentry-mound");
  std::weak_ptr<StreamUplink> weak = uplink;
  take_snapshot(weak, 1);
  uplink->close();
  take_snapshot_checked(weak, 2);  // OK: helper checks is_closed()
  take_snapshot(weak, 3);  // BUG: use-after-close #snapshot
  uplink->close();  // OK: close() is idempotent
}
