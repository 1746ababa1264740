// Counter snapshots published to Kafka. The producer is shared with the
// agent, which also uses it for dead letters.
#include "logship/metrics.h"
#include "logship/log.h"

#include <chrono>
#include <sstream>

namespace logship {

MetricsExporter::MetricsExporter(std::shared_ptr<kafka::KafkaProducer> producer,
                                 std::string topic, std::string host)
    : producer_(std::move(producer)), topic_(std::move(topic)), host_(std::move(host)) {}

void MetricsExporter::count(const std::string &name, long delta) {
  std::lock_guard<std::mutex> lk(mu_);
  counters_[name] += delta;
}

void MetricsExporter::publish() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  publishLocked();
}

void MetricsExporter::setBrokers(const std::string &brokers) {
  std::shared_ptr<kafka::KafkaProducer> next = kafka::createProducer(brokers);
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  log_info("metrics: switching to brokers %s", brokers.c_str());
  producer_->flush();
  producer_->close();
  producer_ = std::move(next);
  publishLocked(); // OK: producer_ was replaced right above
}

void MetricsExporter::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  // Final snapshot, so the last interval is not lost.
  producer_->send(kafka::ProducerRecord{topic_, encodeLocked()}); // SAME: final-metrics
}

void MetricsExporter::publishLocked() {
  kafka::ProducerRecord rec{topic_, encodeLocked()};
  producer_->send(rec);
}

std::string MetricsExporter::encodeLocked() const {
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  std::ostringstream os;
  os << "{\"host\":\"" << host_ << "\",\"ts\":" << now;
  for (const auto &[name, value] : counters_)
    os << ",\"" << name << "\":" << value;
  os << '}';
  return os.str();
}

} // namespace logship
