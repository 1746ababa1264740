// WorkGang is the project's own thread pool: submit() queues a callable, the
// gang's std::thread members run queued jobs, and finish() drains the queue
// and joins them (the destructor also calls finish()). exportOrders() submits
// jobs that send on the producer and closes the producer right after
// submitting, while the jobs may still be queued or running (bug: the send in
// the job is the use, the close its racing close). exportOrdersJoined()
// finishes the gang before closing the producer (fine).
#include "messaging.h"
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <queue>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class WorkGang {
public:
  explicit WorkGang(std::size_t workers) {
    for (std::size_t i = 0; i < workers; ++i)
      threads_.emplace_back([this] { workLoop(); });
  }
  ~WorkGang() { finish(); }

  void submit(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      jobs_.push(std::move(job));
    }
    cv_.notify_one();
  }

  void finish() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : threads_)
      if (t.joinable())
        t.join();
  }

private:
  void workLoop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return done_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::queue<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool done_ = false;
};

void exportOrders(kafka::KafkaProducer &producer,
                  const std::vector<std::string> &orders) {
  WorkGang gang(4);
  for (const std::string &order : orders)
    gang.submit([&producer, order] {
      producer.send({"orders", order}); // BUG: use-after-close #gang
    });
  producer.close(); // SAME: gang
}

void exportOrdersJoined(kafka::KafkaProducer &producer,
                        const std::vector<std::string> &orders) {
  WorkGang gang(4);
  for (const std::string &order : orders)
    gang.submit([&producer, order] {
      producer.send({"orders", order});
    });
  gang.finish();
  producer.flush();
  producer.close(); // OK: the gang is drained and joined
}
