// IngestPipeline: poll tasks submit decoded batches, which are coalesced and
// handed to a single writer thread that appends them to the segment store.
#include "ingest_pipeline.h"

#include "log.h"
#include "signal_pipe.h"

namespace histd {

IngestPipeline::IngestPipeline(SegmentStore &store, std::size_t coalesce)
    : store_(store), queue_("ingest", 256), coalesce_(coalesce) {
  partial_.source = "poll";
}

IngestPipeline::~IngestPipeline() {
  stop(); // OK
}

void IngestPipeline::start() { writer_ = std::thread([this] { writerLoop(); }); }

void IngestPipeline::submit(SampleBatch batch) {
  std::lock_guard<std::mutex> lock(partialMu_);
  partial_.samples.insert(partial_.samples.end(), batch.samples.begin(), batch.samples.end());
  if (partial_.samples.size() < coalesce_)
    return;
  SampleBatch full;
  full.source = partial_.source;
  full.samples.swap(partial_.samples);
  queue_.push(std::move(full));
}

std::vector<SampleBatch> IngestPipeline::takeWritten() {
  std::lock_guard<std::mutex> lock(writtenMu_);
  std::vector<SampleBatch> out;
  out.swap(written_);
  return out;
}

void IngestPipeline::writerLoop() {
  blockShutdownSignals();
  while (std::optional<SampleBatch> batch = queue_.pop()) {
    try {
      store_.append(batch->samples);
    } catch (const std::exception &e) {
      dropped_ += batch->samples.size();
      log::error("ingest: %zu samples lost: %s", batch->samples.size(), e.what());
      continue;
    }
    std::lock_guard<std::mutex> lock(writtenMu_);
    written_.push_back(std::move(*batch));
  }
}

void IngestPipeline::stop() {
  queue_.close();
  if (writer_.joinable())
    writer_.join();
  std::lock_guard<std::mutex> lock(partialMu_);
  if (!partial_.samples.empty())
    queue_.push(std::move(partial_)); // BUG: use-after-close
}

} // namespace histd
