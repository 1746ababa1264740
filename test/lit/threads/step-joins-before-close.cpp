// A shutdown step run by a helper (`runStep(name, [this] { listener_->stop();
// })`) whose stop() joins the accept thread, then closes the descriptor
// and clears it: the thread has ended before the close, so the close does
// not race with it. A stop() that closes before it joins does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <cstdio>
#include <functional>
#include <memory>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

void sjbRunStep(const char *what, const std::function<void()> &step) {
  std::puts(what);
  step();
}

class SjbListener {
public:
  explicit SjbListener(int fd) : fd_(fd) {}
  void start() {
    thread_ = std::thread([this] {
      while (running_)
        ::accept(fd_, nullptr, nullptr);
    });
  }
  void stop() {
    running_ = false;
    ::shutdown(fd_, SHUT_RDWR);
    if (thread_.joinable())
      thread_.join();
    ::close(fd_);
    fd_ = -1;
  }
  void stopEarly() {
    running_ = false;
    // CHECK: step-joins-before-close.cpp:[[@LINE+1]]:5: warning: 'fd_' is closed while a thread that uses it may still be running
    ::close(fd_);
    fd_ = -1;
    if (thread_.joinable())
      thread_.join();
  }

private:
  int fd_;
  std::atomic<bool> running_{true};
  std::thread thread_;
};

class SjbServer {
public:
  explicit SjbServer(int fd) : listener_(std::make_unique<SjbListener>(fd)) {}
  void start() { listener_->start(); }
  void shutdown() {
    sjbRunStep("listener", [this] { listener_->stop(); });
  }

private:
  std::unique_ptr<SjbListener> listener_;
};

void sjbServe(int fd) {
  SjbServer server(fd);
  server.start();
  server.shutdown();
}
