// Log shipper that rotates its outputs by replacing them after closing them:
// the segment file is a std::optional<SegmentWriter> closed and re-emplaced,
// the Kafka producer a unique_ptr closed and replaced with make_unique (or the
// createProducer() factory), the metrics channel a shared_ptr replaced with
// make_shared, and the health connection is assigned a fresh net::Connection.
// SegmentWriter::write() throws std::logic_error once closed and close() twice
// throws too. Every use after a close goes to the new object and the
// destructor closes each live object once: a negative case.
#include "messaging.h"
#include "netconn.h"

#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

class SegmentWriter {
public:
  explicit SegmentWriter(const std::string &path) : out_(path, std::ios::app) {}
  void write(const std::string &line) {
    if (closed_)
      throw std::logic_error("segment closed");
    out_ << line << '\n';
    bytes_ += line.size() + 1;
  }
  void close() {
    if (closed_)
      throw std::logic_error("segment closed twice");
    closed_ = true;
    out_.close();
  }
  size_t bytes() const { return bytes_; }

private:
  std::ofstream out_;
  size_t bytes_ = 0;
  bool closed_ = false;
};

class LogShipper {
public:
  LogShipper(std::string dir, std::string brokers, std::string healthEndpoint)
      : dir_(std::move(dir)), brokers_(std::move(brokers)),
        healthEndpoint_(std::move(healthEndpoint)),
        producer_(kafka::createProducer(brokers_)),
        metrics_(std::make_shared<EventChannel>()), health_(healthEndpoint_) {
    segment_.emplace(segmentPath());
  }

  ~LogShipper() {
    if (segment_)
      segment_->close();
    producer_->close();
    metrics_->close();
    health_.close();
  }

  void ship(const std::string &line) {
    if (segment_->bytes() > kSegmentBytes) {
      segment_->close();
      ++generation_;
      segment_.emplace(segmentPath());
    }
    segment_->write(line); // OK: segment_ was re-emplaced after the close
    producer_->send({"logs", line});
  }

  void onBrokerListChanged(const std::string &brokers) {
    brokers_ = brokers;
    producer_->flush();
    producer_->close();
    producer_ = std::make_unique<kafka::KafkaProducer>(brokers_);
    producer_->send({"logs-control", "rebalanced"}); // OK: a fresh producer
  }

  void onProducerFenced() {
    producer_->close();
    producer_ = kafka::createProducer(brokers_);
    producer_->send({"logs-control", "refenced"}); // OK: replaced by the factory
  }

  void onMetricsSinkReset() {
    metrics_->close();
    metrics_ = std::make_shared<EventChannel>();
    metrics_->send("metrics sink reset"); // OK: new channel
  }

  void onHealthTimeout() {
    health_.close();
    health_ = net::Connection(healthEndpoint_);
    health_.send("UP generation=" + std::to_string(generation_)); // OK: fresh object assigned
  }

private:
  std::string segmentPath() const {
    return dir_ + "/segment-" + std::to_string(generation_) + ".log";
  }

  static constexpr size_t kSegmentBytes = 64 * 1024 * 1024;
  std::string dir_;
  std::string brokers_;
  std::string healthEndpoint_;
  std::optional<SegmentWriter> segment_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::shared_ptr<EventChannel> metrics_;
  net::Connection health_;
  int generation_ = 0;
};

int main() {
  LogShipper shipper("/var/log/shipper", "kafka-1:9092,kafka-2:9092", "health:8080");
  shipper.ship("service started");
  shipper.onBrokerListChanged("kafka-3:9092");
  shipper.onProducerFenced();
  shipper.onMetricsSinkReset();
  shipper.onHealthTimeout();
  shipper.ship("service running");
  return 0;
}
