// A thread whose last action is to set a member flag (under the mutex, then
// notify) has made every use of the object before it. A closer that waits
// on the condition variable until the flag is set closes where the thread
// uses nothing more: no race. The same thread with a closer that does not
// wait, a wait for some other flag, or a body that sets its flag before its
// last use still races with the close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

class PressFeed {
public:
  explicit PressFeed(int fd) : fd_(fd) {}
  ~PressFeed() {
    if (worker_.joinable())
      worker_.join();
  }
  void start(std::vector<int> sheets) {
    worker_ = std::thread([this, sheets] {
      for (int s : sheets)
        dprintf(fd_, "sheet %d\n", s);
      {
        std::lock_guard<std::mutex> lk(mu_);
        done_ = true;
      }
      cv_.notify_all();
    });
  }
  // Waits for the finishing flag: quiet.
  void finish() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return done_; });
    ::close(fd_);
  }
  // The same wait written as a loop: quiet.
  void finishLoop() {
    std::unique_lock<std::mutex> lk(mu_);
    while (!done_)
      cv_.wait(lk);
    ::close(fd_);
  }
  void note(int s) { dprintf(fd_, "note %d\n", s); }
  // Does not wait.
  void abandon() {
    ::close(fd_);
  }
  // Waits, but for a flag the thread does not set.
  void drainThenClose() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return paused_; });
    // CHECK: :[[@LINE+1]]:5: warning: 'fd_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    ::close(fd_);
  }

private:
  int fd_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  bool paused_ = false;
  std::thread worker_;
};

class EarlyFlagFeed {
public:
  explicit EarlyFlagFeed(int fd) : fd_(fd) {}
  ~EarlyFlagFeed() {
    if (worker_.joinable())
      worker_.join();
  }
  void start(std::vector<int> sheets) {
    worker_ = std::thread([this, sheets] {
      {
        std::lock_guard<std::mutex> lk(mu_);
        done_ = true;
      }
      cv_.notify_all();
      for (int s : sheets)
        dprintf(fd_, "sheet %d\n", s);
    });
  }
  // The flag is set before the uses: waiting for it proves nothing.
  void finish() {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [this] { return done_; });
    ::close(fd_);
  }

private:
  int fd_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread worker_;
};

int main() {
  PressFeed a(3), b(4), c(5);
  a.start({1, 2});
  a.finish();
  PressFeed e(7);
  e.start({6});
  e.finishLoop();
  // The loop's wait closes for real: a use past it is after the close.
  // CHECK: :[[@LINE+1]]:5: warning: call to 'note' uses 'e.fd_' after it was closed [errlint-use-after-close]
  e.note(8);
  b.start({3});
  // CHECK: :[[@LINE+1]]:5: warning: 'b.fd_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  b.abandon();
  c.start({4});
  c.drainThenClose();
  EarlyFlagFeed d(6);
  d.start({5});
  // CHECK: :[[@LINE+1]]:5: warning: 'd.fd_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  d.finish();
}
