// An owner that builds its components in its constructor's body
// (`fetcher_ = std::make_unique<Fetcher>(*queue_);`) ties the fetcher's
// reference member to its own queue as the same member initializer would:
// closing the queue before stopping the fetcher whose thread pushes to it
// is a race; stopping the fetcher first is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

/// push() throws once the queue is closed.
class CbbQueue {
public:
  void push(int v) {
    std::lock_guard<std::mutex> l(mu_);
    if (closed_)
      throw std::runtime_error("queue closed");
    q_.push_back(v);
  }
  void close() {
    std::lock_guard<std::mutex> l(mu_);
    closed_ = true;
  }
private:
  std::mutex mu_;
  bool closed_ = false;
  std::deque<int> q_;
};

class CbbFetcher {
public:
  explicit CbbFetcher(CbbQueue &q) : queue_(q) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void stop() {
    stopping_ = true;
    if (worker_.joinable())
      worker_.join();
  }
private:
  void run() {
    while (!stopping_)
      queue_.push(1);
  }
  CbbQueue &queue_;
  std::atomic<bool> stopping_{false};
  std::thread worker_;
};

class CbbAgent {
public:
  CbbAgent() {
    queue_ = std::make_unique<CbbQueue>();
    fetcher_ = std::make_unique<CbbFetcher>(*queue_);
  }
  void start() { fetcher_->start(); }
  void stopQueueFirst() {
    // CHECK: components-built-in-body.cpp:[[@LINE+1]]:13: warning: 'queue_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    queue_->close();
    fetcher_->stop();
  }
  void stopFetcherFirst() {
    fetcher_->stop();
    queue_->close();
  }
private:
  std::unique_ptr<CbbQueue> queue_;
  std::unique_ptr<CbbFetcher> fetcher_;
};

int main() {
  CbbAgent a;
  a.start();
  a.stopFetcherFirst();
  CbbAgent b;
  b.start();
  b.stopQueueFirst();
}
