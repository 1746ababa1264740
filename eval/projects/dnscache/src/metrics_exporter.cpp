// Publishes metrics snapshots and health events to Kafka.
#include "dnscache/metrics_exporter.h"

#include <cstdio>

#include "dnscache/logging.h"

namespace dnscache {

MetricsExporter::MetricsExporter(Metrics &metrics, Options opts)
    : metrics_(metrics), opts_(std::move(opts)), metricsTopic_(opts_.topicPrefix + ".metrics"),
      eventsTopic_(opts_.topicPrefix + ".events") {}

MetricsExporter::~MetricsExporter() {
  stop(); // OK: stop() is idempotent (running_ exchange), so the producer is closed once
}

void MetricsExporter::start() {
  if (!opts_.brokers.empty()) {
    std::lock_guard<std::mutex> lk(producerMu_);
    producer_ = std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(opts_.brokers));
  }
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void MetricsExporter::stop() {
  {
    std::lock_guard<std::mutex> lk(waitMu_);
    if (!running_.exchange(false))
      return;
  }
  cv_.notify_all();
  if (thread_.joinable())
    thread_.join();
  {
    std::lock_guard<std::mutex> lk(producerMu_);
    if (producer_ && !producer_->isClosed()) {
      producer_->flush();
      producer_->close(std::chrono::milliseconds(2000)); // OK: producer_ is the live one (reconnectProducer() replaces what it closes) and isClosed() is checked under producerMu_
    }
  }
  std::lock_guard<std::mutex> lk(spoolMu_);
  if (spool_ && spool_->is_open())
    spool_->flush(); // OK: is_open() is checked first; replaySpool() may have closed the stream
  spool_.reset();
}

void MetricsExporter::publishEvent(const std::string &json) {
  std::lock_guard<std::mutex> lk(producerMu_);
  if (!producer_ || producer_->isClosed())
    return; // not started or already stopped: events are best-effort
  producer_->send(kafka::ProducerRecord{eventsTopic_, json}); // OK: isClosed() checked under producerMu_, which every close of producer_ holds
}

void MetricsExporter::run() {
  while (running_.load()) {
    {
      std::unique_lock<std::mutex> lk(waitMu_);
      cv_.wait_for(lk, opts_.interval, [this] { return !running_.load(); });
    }
    if (!running_.load())
      break;
    if (!opts_.textfilePath.empty() && !metrics_.writeTextfile(opts_.textfilePath))
      logWarn("metrics: cannot write %s", opts_.textfilePath.c_str());
    if (opts_.brokers.empty())
      continue;
    publishBatch(collect());
    auto producer = currentProducer();
    if (producer && producer->pendingCount() == 0)
      replaySpool(*producer);
  }
}

std::vector<kafka::ProducerRecord> MetricsExporter::collect() const {
  return {kafka::ProducerRecord{metricsTopic_, metrics_.toJson()}};
}

std::shared_ptr<kafka::KafkaProducer> MetricsExporter::currentProducer() const {
  std::lock_guard<std::mutex> lk(producerMu_);
  return producer_;
}

void MetricsExporter::reconnectProducer() {
  std::lock_guard<std::mutex> lk(producerMu_);
  if (producer_)
    producer_->close(std::chrono::milliseconds(500));
  producer_ = std::shared_ptr<kafka::KafkaProducer>(kafka::createProducer(opts_.brokers));
}

void MetricsExporter::publishBatch(const std::vector<kafka::ProducerRecord> &records) {
  auto producer = currentProducer();
  if (!producer) {
    for (const auto &r : records)
      spool(r.Value);
    return;
  }
  const int pending = producer->pendingCount();
  if (pending > 4 * opts_.maxPending) {
    // Far behind: don't pile more onto the client's queue, keep the records locally.
    for (const auto &r : records)
      spool(r.Value);
    return;
  }
  if (pending > opts_.maxPending) {
    logWarn("metrics: %d records not acknowledged by %s; reconnecting", pending,
            opts_.brokers.c_str());
    reconnectProducer(); // closes the stalled producer and installs a fresh one
  }
  for (const auto &record : records)
    producer->send(record); // BUG: use-after-close — `producer` is the copy taken before reconnectProducer() closed it (the second owner still points at the closed producer)
}

void MetricsExporter::spool(const std::string &line) {
  if (opts_.spoolPath.empty())
    return;
  std::lock_guard<std::mutex> lk(spoolMu_);
  if (!spool_)
    spool_.emplace(opts_.spoolPath, std::ios::out | std::ios::app);
  *spool_ << line << '\n'; // BUG: use-after-close — after replaySpool() closed the stream the optional is still engaged, so the emplace is skipped and every later outage writes into a closed ofstream (records lost)
  ++spooled_;
}

void MetricsExporter::replaySpool(kafka::KafkaProducer &producer) {
  std::lock_guard<std::mutex> lk(spoolMu_);
  if (!spool_ || spooled_ == 0)
    return;
  spool_->close(); // flush everything to disk before reading it back
  std::ifstream in(opts_.spoolPath);
  std::string line;
  std::size_t replayed = 0;
  while (std::getline(in, line)) {
    producer.send(kafka::ProducerRecord{metricsTopic_, line});
    ++replayed;
  }
  in.close();
  std::remove(opts_.spoolPath.c_str());
  spooled_ = 0;
  logInfo("metrics: replayed %zu spooled records", replayed);
}

} // namespace dnscache
