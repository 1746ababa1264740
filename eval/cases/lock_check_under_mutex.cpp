// A Forwarder's worker thread sends each record only after checking
// `stopping_` under the mutex, and stop() sets `stopping_` and closes the
// producer while holding the same mutex. The check and the send cannot be
// interleaved with the close: once stop() has the lock the worker sees
// `stopping_` and sends nothing (negative case, serialized).
#include "messaging.h"

#include <deque>
#include <mutex>
#include <thread>

class Forwarder {
public:
  explicit Forwarder(kafka::KafkaProducer &producer) : producer_(producer) {
    worker_ = std::thread([this] { run(); });
  }
  ~Forwarder() { stop(); }

  void enqueue(kafka::ProducerRecord record) {
    std::lock_guard<std::mutex> lock(mutex_);
    backlog_.push_back(std::move(record));
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_)
        return;
      stopping_ = true;
      producer_.close(); // OK
    }
    worker_.join();
  }

private:
  void run() {
    for (;;) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_)
        return;
      if (backlog_.empty())
        continue;
      producer_.send(backlog_.front()); // OK
      backlog_.pop_front();
    }
  }

  kafka::KafkaProducer &producer_;
  std::mutex mutex_;
  std::deque<kafka::ProducerRecord> backlog_;
  bool stopping_ = false;
  std::thread worker_;
};
