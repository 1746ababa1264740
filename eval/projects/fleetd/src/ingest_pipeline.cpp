// IngestPipeline: decouples the I/O thread from disk writes. submit() never
// blocks (a full queue drops the point and counts it); the consumer thread
// writes to the trip store and keeps points that failed for a later retry.
#include "ingest_pipeline.h"

#include <exception>
#include <utility>

#include "diagnostics.h"
#include "trip_store.h"

namespace fleetd {

namespace {
constexpr std::size_t kMaxRetries = 10000;
}

IngestPipeline::IngestPipeline(TripStore &trips, Diagnostics &diag, std::size_t capacity)
    : trips_(trips), diag_(diag), positions_(capacity) {}

IngestPipeline::~IngestPipeline() {
  positions_.close(); // OK
  if (consumer_.joinable())
    consumer_.join();
}

void IngestPipeline::start() { consumer_ = std::thread([this] { consume(); }); }

bool IngestPipeline::submit(const PositionReport &report) {
  if (positions_.tryPush(report))
    return true;
  std::lock_guard<std::mutex> lock(retryMu_);
  ++dropped_;
  return false;
}

std::size_t IngestPipeline::dropped() const {
  std::lock_guard<std::mutex> lock(retryMu_);
  return dropped_;
}

void IngestPipeline::consume() {
  while (std::optional<PositionReport> report = positions_.pop()) {
    try {
      if (trips_.append(*report))
        continue;
    } catch (const std::exception &e) {
      diag_.printf("ingest: %s: %s", report->vin.c_str(), e.what());
    }
    std::lock_guard<std::mutex> lock(retryMu_);
    if (retry_.size() < kMaxRetries)
      retry_.push_back(std::move(*report));
    else
      ++dropped_;
  }
}

void IngestPipeline::tick() {
  if (positions_.size() < positions_.capacity() / 2)
    requeueRetries(); // OK
}

void IngestPipeline::requeueRetries() {
  std::vector<PositionReport> again;
  {
    std::lock_guard<std::mutex> lock(retryMu_);
    again.swap(retry_);
  }
  for (PositionReport &report : again)
    positions_.push(std::move(report)); // SAME: ingest-retry
}

void IngestPipeline::stop() {
  positions_.close();
  if (consumer_.joinable())
    consumer_.join();
  requeueRetries(); // BUG: use-after-close #ingest-retry
  diag_.printf("ingest stopped, %zu points dropped", dropped());
}

} // namespace fleetd
