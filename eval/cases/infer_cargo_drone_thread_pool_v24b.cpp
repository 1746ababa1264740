// Cargo drone depot: after each sortie the flight logs of every drone are
// parsed on a small crew of worker threads (SortieCrew keeps a queue of
// callables, its threads pop and run them, finish() lets the queue drain and
// joins the threads). Each parsed log is published to the fleet-telemetry
// topic. publishSortie() closes the producer before the crew has finished, so
// jobs still queued or running send on a closed producer; archiveSortie()
// finishes the crew first and is correct.
#include "messaging.h"

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class SortieCrew {
public:
  explicit SortieCrew(unsigned hands) {
    for (unsigned i = 0; i < hands; ++i)
      hands_.emplace_back([this] { work(); });
  }
  SortieCrew(const SortieCrew &) = delete;
  SortieCrew &operator=(const SortieCrew &) = delete;
  ~SortieCrew() { finish(); }

  void post(std::function<void()> job) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      jobs_.push_back(std::move(job));
    }
    cv_.notify_one();
  }

  void finish() {
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

struct FlightLog {
  std::string droneId;
  std::string rawPath;
};

std::string summarize(const FlightLog &log) {
  return "{\"drone\":\"" + log.droneId + "\",\"log\":\"" + log.rawPath + "\"}";
}

void publishSortie(const std::vector<FlightLog> &logs,
                   kafka::KafkaProducer &telemetry) {
  SortieCrew crew(3);
  for (const FlightLog &log : logs) {
    crew.post([&telemetry, log] {
      telemetry.send({"fleet.telemetry", summarize(log)}); // BUG: use-after-close #sortie
    });
  }
  telemetry.flush();
  telemetry.close(); // SAME: sortie
  crew.finish();
  std::printf("sortie published: %zu logs\n", logs.size());
}

void archiveSortie(const std::vector<FlightLog> &logs,
                   kafka::KafkaProducer &archive) {
  SortieCrew crew(2);
  for (const FlightLog &log : logs) {
    crew.post([&archive, log] {
      archive.send({"fleet.archive", summarize(log)}); // OK
    });
  }
  crew.finish();
  archive.flush(); // OK
  archive.close(); // OK
  std::printf("sortie archived: %zu logs\n", logs.size());
}
