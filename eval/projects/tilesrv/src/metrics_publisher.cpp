// MetricsPublisher: batches serving counters into one record per flush. The
// producer is shared with the audit trail and may already be gone when a
// counter arrives; such counters are dropped and counted.
#include "metrics_publisher.h"

#include <sstream>

#include "log.h"

namespace tilesrv {
namespace {

std::string encode(const std::string &host, const std::string &name, const std::string &value) {
  std::ostringstream out;
  out << "{\"host\":\"" << host << "\",\"metric\":\"" << name << "\",\"value\":" << value << "}";
  return out.str();
}

} // namespace

MetricsPublisher::MetricsPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                                   std::string host)
    : producer_(std::move(producer)), topic_(std::move(topic)), host_(std::move(host)) {}

MetricsPublisher::~MetricsPublisher() {
  try {
    stop(); // OK: stop() returns early after an explicit stop
  } catch (const std::exception &e) {
    log::warn("metrics: final flush failed: %s", e.what());
  }
}

void MetricsPublisher::attach(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic) {
  std::lock_guard<std::mutex> lock(mutex_);
  emitCountersLocked();
  if (producer_ && !producer_->isClosed())
    producer_->flush(); // OK: checked isClosed() under our mutex on the one thread that publishes
  producer_ = std::move(producer);
  topic_ = std::move(topic);
}

void MetricsPublisher::setTopic(std::string topic) {
  std::lock_guard<std::mutex> lock(mutex_);
  emitCountersLocked();
  topic_ = std::move(topic);
}

void MetricsPublisher::publishLocked(const std::string &name, const std::string &value) {
  if (stopped_ || !producer_ || producer_->isClosed()) {
    ++dropped_;
    return;
  }
  producer_->send(kafka::ProducerRecord{topic_, encode(host_, name, value)}); // OK: guarded just above
}

void MetricsPublisher::emitCountersLocked() {
  if (served_ == 0 && rendered_ == 0 && renderFailures_ == 0)
    return;
  std::ostringstream value;
  value << "{\"served\":" << served_ << ",\"hits\":" << hits_ << ",\"rendered\":" << rendered_
        << ",\"render_failures\":" << renderFailures_ << ",\"latency_us_total\":" << latencyMicros_ << "}";
  publishLocked("serving", value.str());
  served_ = hits_ = rendered_ = renderFailures_ = latencyMicros_ = 0;
}

void MetricsPublisher::tileServed(const TileKey &, bool cacheHit, std::chrono::microseconds latency) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++served_;
  if (cacheHit)
    ++hits_;
  latencyMicros_ += static_cast<std::uint64_t>(latency.count());
}

void MetricsPublisher::tileRendered(const TileKey &, bool ok, std::chrono::milliseconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (ok)
    ++rendered_;
  else
    ++renderFailures_;
}

void MetricsPublisher::sessionClosed(SessionId id, const char *reason) {
  std::lock_guard<std::mutex> lock(mutex_);
  publishLocked("session.closed", "{\"id\":" + std::to_string(id) + ",\"reason\":\"" + reason + "\"}");
}

void MetricsPublisher::configReloaded(std::uint64_t generation) {
  std::lock_guard<std::mutex> lock(mutex_);
  publishLocked("config.generation", std::to_string(generation));
}

void MetricsPublisher::cacheClosed(const CacheStats &stats) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Capacity planning bills on these figures; they are not best effort.
  std::ostringstream value;
  value << "{\"hits\":" << stats.hits << ",\"misses\":" << stats.misses << ",\"stores\":" << stats.stores
        << ",\"live\":" << stats.liveTiles << ",\"segment\":" << stats.segment << "}";
  producer_->send(kafka::ProducerRecord{topic_, encode(host_, "cache.final", value.str())}); // SAME: cache_final_figures
}

void MetricsPublisher::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  emitCountersLocked();
  if (!stopped_ && producer_ && !producer_->isClosed())
    producer_->flush(); // OK
}

void MetricsPublisher::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopped_)
    return;
  emitCountersLocked();
  stopped_ = true;
  if (producer_ && !producer_->isClosed())
    producer_->flush(); // OK
}

std::uint64_t MetricsPublisher::dropped() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return dropped_;
}

} // namespace tilesrv
