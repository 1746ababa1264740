// Publishing toll events to Kafka. The producer is shared (shared_ptr) by the
// Plaza, the EventPublisher, the RetryTimer and the enforcement handlers; the
// HealthProbe only watches it through a weak_ptr.
#pragma once
#include "types.h"

#include <messaging.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace toll {

class RetryTimer;

class EventPublisher {
public:
  EventPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic, RetryTimer &retry);
  void publish(const Passage &p, std::int64_t cents);
  void publishViolation(const Violation &v);

private:
  void sendOrRetry(kafka::ProducerRecord rec);

  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  RetryTimer &retry_;
};

// Resends records whose first send failed, every `period`, on its own thread.
class RetryTimer {
public:
  RetryTimer(std::shared_ptr<kafka::KafkaProducer> producer, std::chrono::milliseconds period);
  ~RetryTimer();
  RetryTimer(const RetryTimer &) = delete;
  RetryTimer &operator=(const RetryTimer &) = delete;

  void start();
  void stop();
  void enqueue(kafka::ProducerRecord rec);
  std::size_t backlog() const;

private:
  void run();
  void fire();

  std::shared_ptr<kafka::KafkaProducer> producer_;
  const std::chrono::milliseconds period_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::deque<kafka::ProducerRecord> backlog_;
  bool stopping_ = false;
  std::thread thread_;
};

enum class Health { Up, Degraded, Down };

class HealthProbe {
public:
  explicit HealthProbe(std::string topic);
  void watch(std::weak_ptr<kafka::KafkaProducer> producer);
  Health probeOnce();
  void reportFinal(const std::string &why);

private:
  static constexpr int kBacklogLimit = 10000;
  std::string topic_;
  std::weak_ptr<kafka::KafkaProducer> producer_;
  std::uint64_t seq_ = 0;
};

const char *toString(Health h);

} // namespace toll
