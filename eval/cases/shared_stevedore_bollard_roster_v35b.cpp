// Roster feed for stevedore gangs at a container berth: every gang, the berth
// dispatcher and the crane-event subscriptions post to one roster publisher
// shared through shared_ptr copies.
// Two mistakes: Gang::clock_off() closes the shared publisher as if it were
// the gang's own, and the other gang's tally then fails; and the crane
// subscription trusts weak_ptr::lock() alone, but the dispatcher closed the
// publisher while the gangs still keep it alive. The checked subscription and
// the dispatcher's rotation (close, then a fresh publisher) are correct.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace berth {

class RosterPublisher {
 public:
  explicit RosterPublisher(int fd) : fd_(fd) {}
  ~RosterPublisher() { close(); }

  void publish(const std::string& line) {
    if (closed_) throw std::runtime_error("roster publisher closed");
    std::string framed = line + "\n";
    ::write(fd_, framed.data(), framed.size());
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    ::close(fd_);
  }

  bool is_closed() const { return closed_; }

 private:
  int fd_;
  bool closed_ = false;
};

class Gang {
 public:
  Gang(std::string name, std::shared_ptr<RosterPublisher> pub) : name_(std::move(name)), pub_(std::move(pub)) {}

  void clock_on(int bollard) { pub_->publish(name_ + " on at bollard " + std::to_string(bollard)); }
  void tally(int boxes) { pub_->publish(name_ + " moved " + std::to_string(boxes)); }  // SAME: tally
  void clock_off() {
    pub_->publish(name_ + " off");
    pub_->close();
  }
  void leave() { pub_.reset(); }

 private:
  std::string name_;
  std::shared_ptr<RosterPublisher> pub_;
};

class CraneEvents {
 public:
  void subscribe(std::function<void(int)> cb) { subs_.push_back(std::move(cb)); }
  void lifted(int box) {
    for (auto& cb : subs_) cb(box);
  }

 private:
  std::vector<std::function<void(int)>> subs_;
};

class Dispatcher {
 public:
  explicit Dispatcher(std::shared_ptr<RosterPublisher> pub) : pub_(std::move(pub)) {}

  void watch_naive(CraneEvents& cranes) {
    std::weak_ptr<RosterPublisher> weak = pub_;
    cranes.subscribe([weak](int box) {
      if (auto p = weak.lock()) p->publish("lift " + std::to_string(box));  // BUG: use-after-close
    });
  }

  void watch_checked(CraneEvents& cranes) {
    std::weak_ptr<RosterPublisher> weak = pub_;
    cranes.subscribe([weak](int box) {
      auto p = weak.lock();
      if (p && !p->is_closed()) p->publish("lift* " + std::to_string(box));  // OK: checks is_closed()
    });
  }

  void rotate(int new_fd) {
    pub_->close();
    pub_ = std::make_shared<RosterPublisher>(new_fd);
    pub_->publish("roster rotated");  // OK: fresh publisher after the reassignment
  }

  void stand_down() {
    pub_->close();
    pub_.reset();
  }

 private:
  std::shared_ptr<RosterPublisher> pub_;
};

void night_shift(int fd) {
  auto pub = std::make_shared<RosterPublisher>(fd);
  Gang north("north", pub);
  Gang south("south", pub);
  north.clock_on(3);
  south.clock_on(5);
  north.clock_off();
  south.tally(42);  // BUG: use-after-close #tally
}

void crane_shift(int fd) {
  auto pub = std::make_shared<RosterPublisher>(fd);
  Gang east("east", pub);
  Dispatcher desk(pub);
  pub.reset();
  CraneEvents cranes;
  desk.watch_checked(cranes);
  desk.watch_naive(cranes);
  cranes.lifted(101);
  desk.stand_down();  // closes the publisher; the east gang still owns it
  cranes.lifted(102);
}

void berth_change(int fd, int rotated_fd) {
  Dispatcher desk(std::make_shared<RosterPublisher>(fd));
  desk.rotate(rotated_fd);
  desk.stand_down();  // OK: closes the rotated-in publisher, not the one rotate() closed
}

}  // namespace berth
