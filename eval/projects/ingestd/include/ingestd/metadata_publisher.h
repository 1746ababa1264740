// Publishes segment metadata and heartbeats to Kafka.
//
// The producer (kafka::KafkaProducer, messaging.h: send() after close()
// fails) is owned through a shared_ptr that the publisher shares with its
// DeliveryReporter. publish() after close() throws
// std::logic_error("metadata publisher closed"); close() is idempotent: it
// flushes and closes the producer, then stops the delivery reporter.
// reconnect() swaps in a producer for a new broker list (config reload) and
// closes the old one.
#pragma once
#include <chrono>
#include <memory>
#include <mutex>
#include <string>

namespace kafka {
class KafkaProducer;
}

namespace ingestd {

class DeliveryReporter;
class HealthMonitor;
class LogFile;
class Segmenter;

class MetadataPublisher {
public:
  MetadataPublisher(const std::string &brokers, std::string segmentTopic, std::string healthTopic,
                    LogFile &log);
  ~MetadataPublisher();
  MetadataPublisher(const MetadataPublisher &) = delete;
  MetadataPublisher &operator=(const MetadataPublisher &) = delete;

  void start(Segmenter &segmenter, HealthMonitor &health);
  void publish(const std::string &topic, const std::string &value);
  void reconnect(const std::string &brokers);
  void close();

private:
  std::string heartbeat() const;

  std::string segmentTopic_;
  std::string healthTopic_;
  LogFile &log_;
  std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::unique_ptr<DeliveryReporter> reporter_;
  std::chrono::milliseconds closeTimeout_{5000};
  bool closed_ = false;
};

} // namespace ingestd
