// A worker pool whose shutdown() swaps its threads into a local and joins
// them there waits for them as a join of the member would. An uploader
// that keeps the callables it is given and runs them on its pool's threads
// has ended its callables once stop() has shut that pool down: closing the
// publisher the callable sends on is no race after stop(), and one before.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

/// publish() throws once closed.
class PbPublisher {
public:
  void publish(const std::string &m) {
    std::lock_guard<std::mutex> l(mu_);
    if (closed_)
      throw std::runtime_error("publisher closed");
    last_ = m;
  }
  void close() {
    std::lock_guard<std::mutex> l(mu_);
    closed_ = true;
  }
private:
  std::mutex mu_;
  bool closed_ = false;
  std::string last_;
};

class PbPool {
public:
  explicit PbPool(std::function<void(int &)> h) : handler_(std::move(h)) {}
  void start() {
    for (int i = 0; i < 2; ++i)
      workers_.emplace_back([this] { loop(); });
  }
  void submit(int job) {
    std::lock_guard<std::mutex> l(mu_);
    jobs_.push_back(job);
    wake_.notify_one();
  }
  void shutdown() {
    std::vector<std::thread> workers;
    {
      std::lock_guard<std::mutex> l(mu_);
      stopping_ = true;
      workers.swap(workers_);
    }
    wake_.notify_all();
    for (std::thread &t : workers)
      t.join();
  }
private:
  void loop() {
    for (;;) {
      int job = 0;
      {
        std::unique_lock<std::mutex> l(mu_);
        wake_.wait(l, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = jobs_.front();
        jobs_.pop_front();
      }
      handler_(job);
    }
  }
  std::function<void(int &)> handler_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<int> jobs_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

class PbUploader {
public:
  PbUploader() : pool_([this](int &job) { run(job); }) {}
  void onStored(std::function<void(int)> fn) { onStored_ = std::move(fn); }
  void start() { pool_.start(); }
  void enqueue(int job) { pool_.submit(job); }
  void stop() { pool_.shutdown(); }
private:
  void run(int job) {
    if (onStored_)
      onStored_(job);
  }
  std::function<void(int)> onStored_;
  PbPool pool_;
};

void stopThenClose(PbUploader &up, PbPublisher &pub) {
  up.onStored([&pub](int job) { pub.publish(std::to_string(job)); });
  up.start();
  up.enqueue(1);
  up.stop();
  pub.close();
}

void closeThenStop(PbUploader &up, PbPublisher &pub) {
  up.onStored([&pub](int job) { pub.publish(std::to_string(job)); });
  up.start();
  up.enqueue(1);
  // CHECK: pool-behind-owner.cpp:[[@LINE+1]]:7: warning: 'pub' is closed while an executor task that uses it may still be running
  pub.close();
  up.stop();
}
