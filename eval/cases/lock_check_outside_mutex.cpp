// The same forwarder written with the check outside the lock: the worker
// reads the atomic `stopping_`, and only then takes the mutex to send. stop()
// can set the flag and close the producer between the check and the send, so
// the close races with the send (bug).
#include "messaging.h"

#include <atomic>
#include <deque>
#include <mutex>
#include <thread>

class LooseForwarder {
public:
  explicit LooseForwarder(kafka::KafkaProducer &producer) : producer_(producer) {
    worker_ = std::thread([this] { run(); });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      producer_.close(); // SAME: loose
    }
    worker_.join();
  }

private:
  void run() {
    while (!stopping_) {
      kafka::ProducerRecord record{"events", "tick"};
      std::lock_guard<std::mutex> lock(mutex_);
      producer_.send(record); // BUG: use-after-close #loose
    }
  }

  kafka::KafkaProducer &producer_;
  std::mutex mutex_;
  std::atomic<bool> stopping_{false};
  std::thread worker_;
};
