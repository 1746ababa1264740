// A controller's finish() closes its link and then runs the done-callbacks
// it keeps: a callback that sends on the same link runs after the close
// (it is kept by on_done() and fails inside finish()). Only the closes the
// run method makes before its loop count:
//  - a callback using another object the method closes only after the loop
//    runs while that object is still open;
//  - a method that runs the callbacks first and closes after is quiet;
//  - a close made only on some paths before the loop does not make the
//    callbacks fail on every run.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class DrumLink {
public:
  explicit DrumLink(int fd) : fd_(fd) {}
  void send(const std::string &msg) {
    if (fd_ < 0)
      throw std::runtime_error("link closed");
    ::write(fd_, msg.data(), msg.size());
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class ChurnController {
public:
  ChurnController(std::shared_ptr<DrumLink> link, std::shared_ptr<DrumLink> audit)
      : link_(std::move(link)), audit_(std::move(audit)) {}
  void on_done(std::function<void()> cb) { done_.push_back(std::move(cb)); }
  void finish() {
    link_->send("STOP\n");
    link_->close();
    for (auto &cb : done_)
      cb();
    done_.clear();
    audit_->close();
  }

private:
  std::shared_ptr<DrumLink> link_;
  std::shared_ptr<DrumLink> audit_;
  std::vector<std::function<void()>> done_;
};

class GentleChurn {
public:
  explicit GentleChurn(std::shared_ptr<DrumLink> link) : link_(std::move(link)) {}
  void on_done(std::function<void()> cb) { done_.push_back(std::move(cb)); }
  void finish() {
    for (auto &cb : done_)
      cb();
    done_.clear();
    link_->close();
  }
  void abort(bool hard) {
    if (hard)
      link_->close();
    for (auto &cb : done_)
      cb();
  }

private:
  std::shared_ptr<DrumLink> link_;
  std::vector<std::function<void()>> done_;
};

void batch(int fd, int log) {
  auto link = std::make_shared<DrumLink>(fd);
  auto audit = std::make_shared<DrumLink>(log);
  ChurnController ctl(link, audit);
  ctl.on_done([link] { link->send("BATCH-DONE\n"); });
  ctl.on_done([audit] { audit->send("batch done\n"); });
  ctl.finish();
}
// CHECK: callbacks-run-after-own-close.cpp:[[@LINE-2]]:7: warning: call to 'finish' runs a callback that uses 'link' after it was closed
// CHECK: note: the callback calls 'send' on it here

void quiet(int fd, bool hard) {
  auto link = std::make_shared<DrumLink>(fd);
  GentleChurn q(link);
  q.on_done([link] { link->send("DONE\n"); });
  q.finish();
  auto spare = std::make_shared<DrumLink>(fd);
  GentleChurn r(spare);
  r.on_done([spare] { spare->send("DONE\n"); });
  r.abort(hard);
}
