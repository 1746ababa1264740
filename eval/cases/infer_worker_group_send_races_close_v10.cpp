// The service's own thread pool (WorkerGroup) stores submitted callables in a
// queue and runs them on its worker threads; drain() waits until the queue is
// empty and no job is running. announceShutdown() submits a job that sends a
// lifecycle record on the Kafka producer and closes the producer right away,
// without draining first: the worker's send() can run after close() ("Producer
// closed while send in progress"). publishOrders() drains before closing and
// is correct.
#include "messaging.h"
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class WorkerGroup {
public:
  explicit WorkerGroup(std::size_t workers) {
    for (std::size_t i = 0; i < workers; ++i)
      threads_.emplace_back([this] { workLoop(); });
  }

  ~WorkerGroup() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    hasWork_.notify_all();
    for (std::thread &t : threads_)
      t.join();
  }

  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(std::move(job));
      ++outstanding_;
    }
    hasWork_.notify_one();
  }

  void drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    allDone_.wait(lock, [this] { return outstanding_ == 0; });
  }

private:
  void workLoop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        hasWork_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--outstanding_ == 0)
        allDone_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable hasWork_, allDone_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  std::size_t outstanding_ = 0;
  bool stopping_ = false;
};

struct Order {
  std::string id;
  long cents = 0;
};

void publishOrders(WorkerGroup &workers, kafka::KafkaProducer &producer,
                   const std::vector<Order> &orders) {
  for (const Order &order : orders) {
    kafka::ProducerRecord record{"orders", order.id + ":" + std::to_string(order.cents)};
    workers.submit([&producer, record] { producer.send(record); }); // OK: drained before the close below
  }
  workers.drain();
  producer.close(); // OK: every submitted send has finished
}

void announceShutdown(WorkerGroup &workers, kafka::KafkaProducer &producer) {
  kafka::ProducerRecord record{"lifecycle", "billing-service stopping"};
  workers.submit([&] { producer.send(record); }); // BUG: use-after-close #announce
  producer.close(); // SAME: announce
  workers.drain();
}
