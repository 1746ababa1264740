// MetricsSampler: publishes terminal counters through a weak_ptr to the
// shared producer, so it never keeps the producer alive by itself.
#include "boarding.h"

#include <utility>

namespace ferry {

MetricsSampler::MetricsSampler(std::weak_ptr<kafka::KafkaProducer> producer, std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

void MetricsSampler::sample(const TerminalCounters &c) {
  std::shared_ptr<kafka::KafkaProducer> p = producer_.lock();
  if (!p || p->isClosed())
    return;
  p->send(kafka::ProducerRecord{topic_, encodeCounters(c)}); // OK: closed producers are skipped above
  ++samples_;
}

void MetricsSampler::sampleFinal(const TerminalCounters &c) {
  if (std::shared_ptr<kafka::KafkaProducer> p = producer_.lock())
    p->send(kafka::ProducerRecord{topic_, "final " + encodeCounters(c) + " samples=" + std::to_string(samples_)}); // SAME: samplerlock
}

} // namespace ferry
