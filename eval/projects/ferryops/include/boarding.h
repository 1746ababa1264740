// Boarding events on Kafka. One kafka::KafkaProducer is shared (shared_ptr)
// by the BoardingPublisher, the BatchUploader (a copy in its members), the
// RetryQueue's closures (copies captured by value), the MetricsSampler (a
// weak_ptr) and the port-authority notifier returned by a factory.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "messaging.h"
#include "status.h"
#include "types.h"

namespace ferry {

class BoardingPublisher {
public:
  BoardingPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic);
  ~BoardingPublisher();
  BoardingPublisher(const BoardingPublisher &) = delete;
  BoardingPublisher &operator=(const BoardingPublisher &) = delete;

  Status publish(const BoardingEvent &e);
  std::shared_ptr<kafka::KafkaProducer> producer() const;
  std::shared_ptr<kafka::KafkaProducer> swapProducer(std::shared_ptr<kafka::KafkaProducer> fresh);
  void close();
  bool closed() const;

private:
  mutable std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  bool closed_ = false;
};

class BatchUploader {
public:
  BatchUploader(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                std::size_t batchSize);
  ~BatchUploader();
  BatchUploader(const BatchUploader &) = delete;
  BatchUploader &operator=(const BatchUploader &) = delete;

  void add(const BoardingEvent &e);
  void flush();
  void uploadFinal(const std::string &sailingId);
  std::size_t pending() const;

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  std::size_t batchSize_;
  std::vector<BoardingEvent> pending_;
  mutable std::mutex mu_;
};

class RetryQueue {
public:
  using Task = std::function<void()>;
  void schedule(Clock::time_point due, Task task);
  std::size_t fireDue(Clock::time_point now);
  void clear();
  std::size_t size() const;

private:
  struct Entry {
    Clock::time_point due;
    Task task;
  };
  mutable std::mutex mu_;
  std::vector<Entry> entries_;
};

void scheduleResend(RetryQueue &q, std::shared_ptr<kafka::KafkaProducer> producer,
                    kafka::ProducerRecord rec, std::chrono::milliseconds delay);

class MetricsSampler {
public:
  MetricsSampler(std::weak_ptr<kafka::KafkaProducer> producer, std::string topic);
  void sample(const TerminalCounters &c);
  void sampleFinal(const TerminalCounters &c);

private:
  std::weak_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  std::size_t samples_ = 0;
};

using PaNotifier = std::function<void(const BoardingEvent &)>;
PaNotifier makePortAuthorityNotifier(std::shared_ptr<kafka::KafkaProducer> producer,
                                     std::string topic, std::string portCode);
PaNotifier makeHarbourMasterAlert(std::weak_ptr<kafka::KafkaProducer> producer,
                                  std::string topic);

// Closes the publisher when the broker backlog is stuck (broker_health.cpp).
void checkBrokerBacklog(BoardingPublisher &pub, RetryQueue &retries, int maxPending);

} // namespace ferry
