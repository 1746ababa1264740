// MetadataPublisher: segment metadata and heartbeats to Kafka.
#include "ingestd/metadata_publisher.h"
#include "ingestd/delivery_reporter.h"
#include "ingestd/health_monitor.h"
#include "ingestd/log_file.h"
#include "ingestd/segmenter.h"

#include "messaging.h"

#include <ctime>
#include <stdexcept>
#include <unistd.h>

namespace ingestd {

MetadataPublisher::MetadataPublisher(const std::string &brokers, std::string segmentTopic,
                                     std::string healthTopic, LogFile &log)
    : segmentTopic_(std::move(segmentTopic)), healthTopic_(std::move(healthTopic)), log_(log),
      producer_(std::make_shared<kafka::KafkaProducer>(brokers)),
      reporter_(std::make_unique<DeliveryReporter>(producer_, log, std::chrono::milliseconds(500))) {}

MetadataPublisher::~MetadataPublisher() {
  close(); // OK: close() is idempotent
}

void MetadataPublisher::start(Segmenter &segmenter, HealthMonitor &health) {
  // Segment records are hot: send them straight from the segmenter's thread.
  segmenter.onSegmentComplete([producer = producer_, topic = segmentTopic_](const SegmentInfo &info) {
    producer->send(kafka::ProducerRecord{topic, toJson(info)}); // BUG: use-after-close
  });
  health.addCheck("kafka", [this] {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return false;
    producer_->send(kafka::ProducerRecord{healthTopic_, heartbeat()}); // OK: closed_ is checked under mu_, producer_ is the current producer
    return true;
  });
  reporter_->start();
}

std::string MetadataPublisher::heartbeat() const {
  char host[128] = "unknown";
  ::gethostname(host, sizeof host - 1);
  return std::string("{\"host\":\"") + host + "\",\"ts\":" + std::to_string(std::time(nullptr)) + "}";
}

void MetadataPublisher::publish(const std::string &topic, const std::string &value) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("metadata publisher closed");
  kafka::ProducerRecord record{topic, value};
  try {
    producer_->send(record); // OK: closed_ is checked under mu_ and close() sets it under mu_ before closing
  } catch (const std::exception &e) {
    log_.warn("kafka send to %s failed (%s), queued for retry", topic.c_str(), e.what());
    reporter_->requeue(std::move(record));
  }
}

void MetadataPublisher::reconnect(const std::string &brokers) {
  auto fresh = std::make_shared<kafka::KafkaProducer>(brokers);
  std::shared_ptr<kafka::KafkaProducer> old;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    old = producer_;
    producer_ = fresh;
  }
  reporter_->retarget(fresh);
  old->flush();
  old->close();
  log_.info("kafka producer switched to %s", brokers.c_str());
}

void MetadataPublisher::close() {
  std::shared_ptr<kafka::KafkaProducer> producer;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    producer = producer_;
  }
  producer->flush();
  producer->close(closeTimeout_); // SAME: delivery_race
  reporter_->stop();
  log_.info("metadata publisher closed");
}

} // namespace ingestd
