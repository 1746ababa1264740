// Ropewalk tension feed. A traditional ropewalk lays rope along a long shed;
// load cells on the travelling sledge report the tension while a strand is
// twisted. A sampler thread publishes tension readings to Kafka, and an
// overload watcher thread publishes an alarm when a strand nears its breaking
// load. finishShift() marks the feed finished and closes the producer while
// holding the feed's mutex, then joins both threads.
#include "messaging.h"

#include <chrono>
#include <mutex>
#include <string>
#include <thread>

struct TensionSample {
  int strand;
  double kiloNewton;
};

TensionSample readLoadCell();
double breakingLoadKn(int strand);

class TensionFeed {
public:
  explicit TensionFeed(const std::string &brokers) : producer_(brokers) {}

  void start() {
    sampler_ = std::thread([this] { sampleLoop(); });
    watcher_ = std::thread([this] { watchLoop(); });
  }

  void markStrandDone(int strand) {
    std::lock_guard<std::mutex> lock(mu_);
    if (finished_)
      return;
    producer_.send({"ropewalk.strand-done", std::to_string(strand)}); // OK
  }

  void finishShift() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      finished_ = true;
      producer_.flush();
      producer_.close(); // SAME: ropewalk_close
    }
    sampler_.join();
    watcher_.join();
  }

private:
  bool finished() {
    std::lock_guard<std::mutex> lock(mu_);
    return finished_;
  }

  void sampleLoop() {
    for (;;) {
      TensionSample s = readLoadCell();
      std::lock_guard<std::mutex> lock(mu_);
      if (finished_)
        return;
      producer_.send({"ropewalk.tension", std::to_string(s.strand) + ":" +
                                              std::to_string(s.kiloNewton)}); // OK
      last_ = s;
    }
  }

  void watchLoop() {
    while (!finished()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      TensionSample s;
      {
        std::lock_guard<std::mutex> lock(mu_);
        s = last_;
      }
      double limit = breakingLoadKn(s.strand);
      if (s.kiloNewton < 0.8 * limit)
        continue;
      std::string alarm = "strand " + std::to_string(s.strand) + " at " +
                          std::to_string(100.0 * s.kiloNewton / limit) + "%";
      std::lock_guard<std::mutex> lock(mu_);
      producer_.send({"ropewalk.alarm", alarm}); // BUG: use-after-close #ropewalk_close
    }
  }

  std::mutex mu_;
  kafka::KafkaProducer producer_;
  TensionSample last_{0, 0.0};
  bool finished_ = false;
  std::thread sampler_;
  std::thread watcher_;
};

void layRope(const std::string &brokers, int strands, int minutesPerStrand) {
  TensionFeed feed(brokers);
  feed.start();
  for (int strand = 1; strand < strands; ++strand) {
    std::this_thread::sleep_for(std::chrono::minutes(minutesPerStrand));
    feed.markStrandDone(strand);
  }
  std::this_thread::sleep_for(std::chrono::minutes(minutesPerStrand));
  feed.finishShift();
  feed.markStrandDone(strands); // OK
}
