// A highland dairy cooperative churns yak butter in a motorised drum; the churn
// controller and a cream-temperature monitor share one link to the drum's
// motor board (shared_ptr copies), and callbacks fire when a batch is done.
// ChurnController::finish() closes the link and then runs its done-callbacks.
// Bugs: the callback registered by start_batch() holds a copy of the link and
// sends on it from inside finish(), after the close; and the monitor (second
// owner) reports a late reading after the controller finished. The weak_ptr
// callback and the replaced link are correct.
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class ChurnLink {
 public:
  explicit ChurnLink(int fd) : fd_(fd) {}
  ~ChurnLink() { close(); }
  void send(const std::string& msg) {
    if (fd_ < 0) throw std::runtime_error("churn link closed");
    ::write(fd_, msg.data(), msg.size());
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  bool is_closed() const { return fd_ < 0; }

 private:
  int fd_;
};

class CreamMonitor {
 public:
  explicit CreamMonitor(std::shared_ptr<ChurnLink> link) : link_(std::move(link)) {}
  void on_reading(double celsius) {
    link_->send("T " + std::to_string(celsius) + "\n");  // SAME: late
  }
  void on_reading_checked(double celsius) {
    if (link_->is_closed()) return;
    link_->send("T " + std::to_string(celsius) + "\n");  // OK: is_closed() checked
  }

 private:
  std::shared_ptr<ChurnLink> link_;
};

class ChurnController {
 public:
  explicit ChurnController(std::shared_ptr<ChurnLink> link) : link_(std::move(link)) {}
  void on_done(std::function<void()> cb) { done_.push_back(std::move(cb)); }
  void spin(int rpm) { link_->send("RPM " + std::to_string(rpm) + "\n"); }
  void finish() {
    link_->send("STOP\n");
    link_->close();
    for (auto& cb : done_) {
      try {
        cb();
      } catch (const std::exception& e) {  // one failing callback must not skip the others
        std::fprintf(stderr, "churn: done-callback failed: %s\n", e.what());
      }
    }
    done_.clear();
  }
  void replace_link(std::shared_ptr<ChurnLink> fresh) { link_ = std::move(fresh); }
  std::shared_ptr<ChurnLink> link() const { return link_; }

 private:
  std::shared_ptr<ChurnLink> link_;
  std::vector<std::function<void()>> done_;
};

void start_batch(ChurnController& ctl, const std::shared_ptr<ChurnLink>& link) {
  ctl.on_done([link] { link->send("BATCH-DONE\n"); });  // BUG: use-after-close
  std::weak_ptr<ChurnLink> weak = link;
  ctl.on_done([weak] {
    if (auto l = weak.lock(); l && !l->is_closed()) l->send("BATCH-DONE\n");  // OK: checked after lock()
  });
  ctl.spin(60);
}

void batch_day(int motor_fd) {
  auto link = std::make_shared<ChurnLink>(motor_fd);
  ChurnController ctl(link);
  CreamMonitor mon(link);
  start_batch(ctl, link);
  mon.on_reading(11.0);  // OK: link still open
  ctl.finish();
  mon.on_reading_checked(12.5);  // OK: returns on the closed link
  mon.on_reading(12.5);  // BUG: use-after-close #late
}

void spare_drum_day(int motor_fd, int spare_fd) {
  auto link = std::make_shared<ChurnLink>(motor_fd);
  ChurnController ctl(link);
  ctl.spin(50);
  ctl.finish();
  ctl.replace_link(std::make_shared<ChurnLink>(spare_fd));
  ctl.spin(40);  // OK: controller now owns a fresh link
  CreamMonitor spare_mon(ctl.link());
  spare_mon.on_reading(10.0);  // OK: monitor of the fresh link
  ctl.finish();
}
