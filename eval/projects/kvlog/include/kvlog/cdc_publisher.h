// Change data capture: publishes committed writes to a Kafka topic. While Kafka
// is unreachable, records go to a local spool file (one record per line) and
// are replayed after maintain() has reconnected the producer. All methods may
// be called from any thread. shutdown() flushes what it can, spools the rest,
// writes an end-of-stream marker and closes the producer and the spool; after
// it, publish() drops records and counts them. shutdown() is idempotent.
// kafka::KafkaProducer: send() after close() fails.
#pragma once
#include "messaging.h"

#include <chrono>
#include <cstddef>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace kvlog {

class CdcPublisher {
public:
  static constexpr std::size_t kFlushEvery = 256;

  CdcPublisher(std::string brokers, std::string topic, std::string spoolPath);
  ~CdcPublisher();

  bool start();
  void publish(const std::string &key, const std::string &value);
  void maintain();
  void shutdown();
  std::size_t dropped() const;

private:
  void spoolLocked(const kafka::ProducerRecord &rec);
  void replaySpoolLocked();
  void resetProducerLocked();
  void publishMarkerLocked(const std::string &what);

  const std::string brokers_;
  const std::string topic_;
  const std::string spoolPath_;
  mutable std::mutex mu_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::optional<std::ofstream> spool_;
  std::deque<kafka::ProducerRecord> unflushed_;
  std::size_t spooled_ = 0;
  std::size_t dropped_ = 0;
  bool needsReconnect_ = true;
  bool shutdown_ = false;
  std::chrono::steady_clock::time_point lastAttempt_{};
};

} // namespace kvlog
