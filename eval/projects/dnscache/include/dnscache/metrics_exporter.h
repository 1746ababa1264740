// Publishes metrics snapshots and health events to Kafka.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "dnscache/metrics.h"
#include "messaging.h"

namespace dnscache {

/// Every interval the publisher thread sends a metrics record to
/// "<prefix>.metrics" (and refreshes the Prometheus textfile if configured).
/// publishEvent() sends to "<prefix>.events" from any thread.
/// When the broker falls behind (too many unacknowledged records) the producer
/// is replaced with a fresh one; when it is far behind, records are appended to
/// a local spool file instead and replayed once the broker has caught up.
/// stop() joins the publisher thread, then closes the producer; it is
/// idempotent and the destructor calls it. Every close or replacement of
/// producer_ happens under producerMu_.
class MetricsExporter {
public:
  struct Options {
    std::string brokers;
    std::string topicPrefix = "dnscache";
    std::string spoolPath;
    std::string textfilePath;
    std::chrono::seconds interval{10};
    int maxPending = 1000;
  };

  MetricsExporter(Metrics &metrics, Options opts);
  ~MetricsExporter();
  MetricsExporter(const MetricsExporter &) = delete;
  MetricsExporter &operator=(const MetricsExporter &) = delete;

  void start();
  void stop();
  void publishEvent(const std::string &json);

private:
  void run();
  std::vector<kafka::ProducerRecord> collect() const;
  void publishBatch(const std::vector<kafka::ProducerRecord> &records);
  std::shared_ptr<kafka::KafkaProducer> currentProducer() const;
  void reconnectProducer();
  void spool(const std::string &line);
  void replaySpool(kafka::KafkaProducer &producer);

  Metrics &metrics_;
  Options opts_;
  std::string metricsTopic_;
  std::string eventsTopic_;

  mutable std::mutex producerMu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;

  std::mutex spoolMu_;
  std::optional<std::ofstream> spool_;
  std::size_t spooled_ = 0;

  std::mutex waitMu_;
  std::condition_variable cv_;
  std::atomic<bool> running_{false};
  std::thread thread_;
};

} // namespace dnscache
