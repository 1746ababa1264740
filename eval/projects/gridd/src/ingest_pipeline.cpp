// IngestPipeline: the worker that owns the readings store.
#include "ingest_pipeline.h"

#include <utility>

#include "clock.h"

IngestPipeline::IngestPipeline(ReadingQueue &queue, std::string dataDir, AuditLog &audit,
                               Compactor &compactor)
    : queue_(queue), dataDir_(std::move(dataDir)), audit_(audit), compactor_(compactor) {}

IngestPipeline::~IngestPipeline() { stop(); } // OK

bool IngestPipeline::start() {
  if (worker_.joinable())
    return true;
  store_ = std::make_unique<ReadingsStore>(dataDir_, audit_);
  const Status st = store_->open(dayKeyFor(nowSeconds()));
  if (st.fatal) {
    audit_.record("ingest: cannot open today's day file: %s", st.detail.c_str());
    store_.reset();
    return false;
  }
  worker_ = std::thread([this] { run(); });
  return true;
}

void IngestPipeline::submit(Reading r) {
  queue_.push(std::move(r)); // SAME: stage_drain
}

void IngestPipeline::stop() {
  queue_.close(); // OK
  if (worker_.joinable())
    worker_.join();
  if (!store_)
    return;
  for (std::string &day : store_->takeClosedDays())
    compactor_.enqueue(std::move(day));
  audit_.record("ingest: stopped, %llu readings stored, %llu dropped",
                static_cast<unsigned long long>(stored_.load()),
                static_cast<unsigned long long>(dropped_.load()));
  store_.reset();
}

void IngestPipeline::run() {
  Reading r;
  std::size_t sinceSync = 0;
  while (queue_.pop(r)) { // OK
    const std::string today = dayKeyFor(nowSeconds());
    if (today != store_->currentDay() && !rollOver(today)) {
      ++dropped_;
      continue;
    }
    store_->append(r); // BUG: use-after-close
    ++stored_;
    if (++sinceSync >= kSyncEvery) {
      store_->sync();
      sinceSync = 0;
    }
  }
}

bool IngestPipeline::rollOver(const std::string &today) {
  const Status st = store_->rotate(today);
  for (std::string &day : store_->takeClosedDays())
    compactor_.enqueue(std::move(day));
  if (st.fatal) {
    audit_.record("ingest: cannot start day %s: %s", today.c_str(), st.detail.c_str());
    return false;
  }
  return true;
}
