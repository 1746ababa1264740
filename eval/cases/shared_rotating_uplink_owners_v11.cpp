// A publisher rotates its uplink: it closes the current connection and assigns
// a fresh one to the same shared_ptr, then points the AuditTap (the only other
// owner) at the new one, so the old uplink is destroyed. Reply handlers hold a
// weak_ptr, which has expired by the time they run after a rotation, and the
// AuditTap checks isClosed() before forwarding. Every send after a close goes to
// a fresh connection or sits behind a check, so there is no use-after-close.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Uplink {
public:
  explicit Uplink(int generation) : generation_(generation) {}
  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("uplink " + std::to_string(generation_) + " is closed");
    sent_.push_back(msg);
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  int generation_;
  bool closed_ = false;
  std::vector<std::string> sent_;
};

class AuditTap {
public:
  void retarget(std::shared_ptr<Uplink> up) { up_ = std::move(up); }
  void forward(const std::string &msg) {
    if (!up_ || up_->isClosed()) {
      ++dropped_;
      return;
    }
    up_->send("audit " + msg); // OK: null and isClosed() checked just above
  }

private:
  std::shared_ptr<Uplink> up_;
  int dropped_ = 0;
};

class Publisher {
public:
  Publisher() : current_(std::make_shared<Uplink>(0)) { tap_.retarget(current_); }

  void publish(const std::string &msg) {
    current_->send(msg);
    tap_.forward(msg);
  }

  void rotate() {
    current_->close();
    current_ = std::make_shared<Uplink>(++generation_);
    current_->send("HELLO"); // OK: current_ now owns a new uplink
    tap_.retarget(current_);
  }

  std::function<void(const std::string &)> makeReplyHandler() {
    std::weak_ptr<Uplink> weak = current_;
    return [weak](const std::string &reply) {
      auto up = weak.lock();
      if (!up)
        return; // rotated away and destroyed
      up->send("ACK " + reply); // OK: a live owner exists only while it is the current, open uplink
    };
  }

  void shutdown() {
    tap_.retarget(nullptr);
    current_->close();
    current_.reset();
  }

private:
  std::shared_ptr<Uplink> current_;
  AuditTap tap_;
  int generation_ = 0;
};

void runPublisher() {
  Publisher pub;
  auto onReply = pub.makeReplyHandler();
  pub.publish("order-1");
  onReply("order-1");
  pub.rotate();
  onReply("order-2"); // OK: the weak_ptr expired with the rotated-out uplink
  pub.publish("order-3"); // OK: publishes on the new uplink
  pub.shutdown();
  onReply("order-4"); // OK: the last owner was reset, lock() returns null
}
