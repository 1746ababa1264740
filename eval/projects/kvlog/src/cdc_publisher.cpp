// CdcPublisher: change data capture to Kafka with a local spool file for
// outages (see cdc_publisher.h).
#include "kvlog/cdc_publisher.h"
#include "kvlog/log.h"

#include <exception>
#include <vector>

namespace kvlog {
namespace {
constexpr std::chrono::seconds kReconnectBackoff{5};
}

CdcPublisher::CdcPublisher(std::string brokers, std::string topic, std::string spoolPath)
    : brokers_(std::move(brokers)), topic_(std::move(topic)), spoolPath_(std::move(spoolPath)) {}

CdcPublisher::~CdcPublisher() {
  shutdown(); // OK: shutdown() returns early once it has run
}

bool CdcPublisher::start() {
  std::lock_guard<std::mutex> lock(mu_);
  lastAttempt_ = std::chrono::steady_clock::now();
  producer_ = kafka::createProducer(brokers_);
  if (!producer_) {
    logWarn("cdc: cannot reach kafka at %s; spooling to %s", brokers_.c_str(), spoolPath_.c_str());
    return false;
  }
  needsReconnect_ = false;
  try {
    publishMarkerLocked("stream-begin");
  } catch (const std::exception &e) {
    logWarn("cdc: kafka rejected the start marker: %s", e.what());
    resetProducerLocked();
    return false;
  }
  return true;
}

void CdcPublisher::publishMarkerLocked(const std::string &what) {
  producer_->send(kafka::ProducerRecord{topic_, "#marker " + what}); // SAME: cdc_end_marker
}

void CdcPublisher::spoolLocked(const kafka::ProducerRecord &rec) {
  if (!spool_)
    spool_.emplace(spoolPath_, std::ios::out | std::ios::app);
  *spool_ << rec.Value << '\n'; // SAME: late_spool
  ++spooled_;
}

void CdcPublisher::resetProducerLocked() {
  if (producer_ && !producer_->isClosed())
    producer_->close(); // OK: guarded by isClosed()
  needsReconnect_ = true;
  lastAttempt_ = std::chrono::steady_clock::now();
}

void CdcPublisher::publish(const std::string &key, const std::string &value) {
  if (brokers_.empty())
    return; // change data capture is not configured
  kafka::ProducerRecord rec{topic_, key + '\t' + value};
  std::lock_guard<std::mutex> lock(mu_);
  if (shutdown_) {
    ++dropped_;
    return;
  }
  if (needsReconnect_) {
    spoolLocked(rec);
    return;
  }
  bool sent = false;
  try {
    producer_->send(rec); // OK: needsReconnect_ is set whenever the producer has been closed
    sent = true;
    unflushed_.push_back(rec);
    if (unflushed_.size() >= kFlushEvery) {
      producer_->flush();
      unflushed_.clear();
    }
  } catch (const std::exception &e) {
    logWarn("cdc: kafka error (%s); spooling until reconnect", e.what());
    for (const kafka::ProducerRecord &pending : unflushed_)
      spoolLocked(pending);
    unflushed_.clear();
    if (!sent)
      spoolLocked(rec);
    resetProducerLocked();
  }
}

void CdcPublisher::maintain() {
  std::lock_guard<std::mutex> lock(mu_);
  if (shutdown_ || !needsReconnect_ || brokers_.empty())
    return;
  const auto now = std::chrono::steady_clock::now();
  if (now - lastAttempt_ < kReconnectBackoff)
    return;
  lastAttempt_ = now;
  producer_ = kafka::createProducer(brokers_);
  if (!producer_)
    return;
  needsReconnect_ = false;
  logInfo("cdc: reconnected to kafka, replaying %zu spooled records", spooled_);
  replaySpoolLocked();
}

void CdcPublisher::replaySpoolLocked() {
  if (!spool_)
    return;
  spool_->close();
  std::vector<std::string> failed;
  {
    std::ifstream in(spoolPath_);
    std::string line;
    while (std::getline(in, line)) {
      if (!failed.empty()) {
        failed.push_back(line);
        continue;
      }
      try {
        producer_->send(kafka::ProducerRecord{topic_, line}); // OK: the producer maintain() just created
        unflushed_.push_back(kafka::ProducerRecord{topic_, line});
      } catch (const std::exception &e) {
        logWarn("cdc: replay stopped: %s", e.what());
        failed.push_back(line);
      }
    }
  }
  spool_.emplace(spoolPath_, std::ios::out | std::ios::trunc);
  for (const std::string &line : failed)
    *spool_ << line << '\n'; // OK: the spool was reopened (truncated) just above
  spooled_ = failed.size();
  if (!failed.empty())
    resetProducerLocked();
}

void CdcPublisher::shutdown() {
  std::lock_guard<std::mutex> lock(mu_);
  if (shutdown_)
    return;
  shutdown_ = true;
  if (spool_)
    spool_->close();
  if (!producer_ || needsReconnect_)
    return;
  try {
    producer_->flush();
    unflushed_.clear();
  } catch (const std::exception &e) {
    logWarn("cdc: final flush failed (%s); spooling %zu records", e.what(), unflushed_.size());
    for (const kafka::ProducerRecord &pending : unflushed_)
      spoolLocked(pending); // BUG: use-after-close #late_spool
    unflushed_.clear();
  }
  producer_->close(std::chrono::milliseconds(2000));
  publishMarkerLocked("stream-end"); // BUG: use-after-close #cdc_end_marker
}

std::size_t CdcPublisher::dropped() const {
  std::lock_guard<std::mutex> lock(mu_);
  return dropped_;
}

} // namespace kvlog
