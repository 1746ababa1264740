// Granary weighbridge publisher. Every lorry that crosses the weighbridge is
// turned into a Kafka record for the grain-intake ledger. Formatting a
// weighing (moisture correction, tare lookup) is slow, so it is handed to a
// small WeighCrew: the crew keeps posted jobs in a queue, runs them on its own
// threads, and join() lets the threads finish every queued job and stop.
// publishIntake() and publishSiloTransfers() both fan the work out to a crew.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class WeighCrew {
public:
  explicit WeighCrew(unsigned hands) {
    for (unsigned i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  ~WeighCrew() { join(); }
  WeighCrew(const WeighCrew &) = delete;
  WeighCrew &operator=(const WeighCrew &) = delete;

  void post(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }

  void join() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : hands_)
      if (t.joinable())
        t.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock, [this] { return done_ || !jobs_.empty(); });
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
  bool done_ = false;
};

struct Weighing {
  std::string plate;
  int grossKg;
  int tareKg;
  double moisturePct;
};

static std::string formatIntake(const Weighing &w) {
  double dry = (w.grossKg - w.tareKg) * (1.0 - w.moisturePct / 100.0);
  return w.plate + ";net=" + std::to_string(w.grossKg - w.tareKg) +
         ";dry=" + std::to_string(static_cast<int>(dry));
}

void publishIntake(const std::vector<Weighing> &lorries) {
  kafka::KafkaProducer producer("granary-broker:9092");
  WeighCrew crew(3);
  for (const Weighing &w : lorries)
    crew.post([&producer, w] {
      producer.send({"grain-intake", formatIntake(w)}); // BUG: use-after-close #intake_close
    });
  producer.flush();
  producer.close(); // SAME: intake_close
  crew.join();
}

void publishSiloTransfers(const std::vector<Weighing> &transfers,
                          const std::string &silo) {
  kafka::KafkaProducer producer("granary-broker:9092");
  WeighCrew crew(2);
  for (const Weighing &w : transfers)
    crew.post([&producer, &silo, w] {
      producer.send({"silo-transfer", silo + ":" + formatIntake(w)}); // OK
    });
  crew.join();
  producer.flush(); // OK
  producer.close(); // OK
}
