// A class whose name the thread-pools profile lists (`*TaskQueue`) but
// whose code keeps the callables it is given and runs them in its own
// drain(), on the caller's thread, owning no thread: no pool. A close
// before drain() is no close while a task runs; drain() running a kept
// callable on the closed producer is the finding. A `*TaskQueue` that
// owns a thread running what it keeps is a pool still.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

class MewsTaskQueue {
public:
  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lk(mu_);
    tasks_.push_back(std::move(task));
  }
  void drain() {
    std::deque<std::function<void()>> batch;
    {
      std::lock_guard<std::mutex> lk(mu_);
      batch.swap(tasks_);
    }
    for (auto &task : batch)
      task();
  }

private:
  std::mutex mu_;
  std::deque<std::function<void()>> tasks_;
};

class HoodTaskQueue {
public:
  HoodTaskQueue() : worker_([this] { run(); }) {}
  ~HoodTaskQueue() { worker_.join(); }
  void post(std::function<void()> task) {
    std::lock_guard<std::mutex> lk(mu_);
    tasks_.push_back(std::move(task));
  }

private:
  void run() {
    for (;;) {
      std::function<void()> t;
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (tasks_.empty())
          return;
        t = std::move(tasks_.front());
        tasks_.pop_front();
      }
      t();
    }
  }
  std::mutex mu_;
  std::deque<std::function<void()>> tasks_;
  std::thread worker_;
};

void weighIn(MewsTaskQueue &queue, std::shared_ptr<kafka::KafkaProducer> producer) {
  queue.post([producer] { producer->send({"mews.weights", "612"}); });
  producer->close();
  // CHECK: pool-name-runs-on-callers-thread.cpp:[[@LINE+1]]:9: warning: call to 'drain' runs a callback that uses 'producer' after it was closed
  queue.drain();
}

void hood(HoodTaskQueue &queue, kafka::KafkaProducer &producer) {
  queue.post([&producer] { producer.send({"mews.hoods", "on"}); });
  // CHECK: pool-name-runs-on-callers-thread.cpp:[[@LINE+1]]:12: warning: 'producer' is closed while
  producer.close();
}
// CHECK-NOT: warning:
