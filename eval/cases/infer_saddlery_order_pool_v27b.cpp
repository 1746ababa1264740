// A saddlery workshop's order publisher. StitchCrew is the shop's own small
// worker pool: post() queues a callable, the crew's threads run queued jobs,
// join() lets the threads finish everything already queued and then joins
// them. Cut orders are published through a Kafka producer from crew jobs; the
// cut-order path closes the producer before the crew is joined, so jobs still
// in the queue send on a closed producer.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class StitchCrew {
public:
  explicit StitchCrew(unsigned hands) {
    for (unsigned i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  ~StitchCrew() { join(); }
  StitchCrew(const StitchCrew &) = delete;
  StitchCrew &operator=(const StitchCrew &) = delete;

  void post(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (finishing_)
      throw std::runtime_error("stitch crew is finishing");
    jobs_.push_back(std::move(job));
    cv_.notify_one();
  }

  void join() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      finishing_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : hands_)
      if (t.joinable())
        t.join();
    hands_.clear();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return finishing_ || !jobs_.empty(); });
        if (jobs_.empty())
          return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> hands_;
  bool finishing_ = false;
};

struct SaddleOrder {
  std::string id;
  std::string tree;    // e.g. "wide", "medium"
  int seatInches = 17;
  bool customTooling = false;
};

static std::string describe(const SaddleOrder &o) {
  return o.id + ";" + o.tree + ";" + std::to_string(o.seatInches) + ";" +
         (o.customTooling ? "tooled" : "plain");
}

void publishCutOrders(const std::vector<SaddleOrder> &orders,
                      kafka::KafkaProducer &producer) {
  StitchCrew crew(3);
  for (const SaddleOrder &o : orders) {
    crew.post([&producer, o] {
      producer.send({"saddlery.cut", describe(o)}); // BUG: use-after-close #crew_close
    });
  }
  producer.close(); // SAME: crew_close
  crew.join();
}

void publishRepairs(const std::vector<SaddleOrder> &repairs,
                    kafka::KafkaProducer &producer) {
  StitchCrew crew(2);
  for (const SaddleOrder &r : repairs) {
    crew.post([&producer, r] {
      producer.send({"saddlery.repair", describe(r)}); // OK
    });
  }
  crew.join();
  producer.flush(); // OK
  producer.close(); // OK
}

void publishTooling(const std::vector<SaddleOrder> &orders,
                    kafka::KafkaProducer &producer) {
  {
    StitchCrew crew(2);
    for (const SaddleOrder &o : orders) {
      if (!o.customTooling)
        continue;
      crew.post([&producer, o] {
        producer.send({"saddlery.tooling", describe(o)}); // OK
      });
    }
  }
  producer.close(); // OK
}
