// Collects decoded samples from the poll tasks, coalesces them and writes
// them to the segment store on a dedicated writer thread. Batches written
// to disk are kept for the upstream forwarder.
#pragma once
#include "sample.h"
#include "segment_store.h"
#include "work_queue.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace histd {

class IngestPipeline {
public:
  IngestPipeline(SegmentStore &store, std::size_t coalesce);
  ~IngestPipeline();

  void start();
  void submit(SampleBatch batch);
  std::vector<SampleBatch> takeWritten();
  void stop();

  uint64_t dropped() const { return dropped_.load(); }

private:
  void writerLoop();

  SegmentStore &store_;
  WorkQueue<SampleBatch> queue_;
  std::mutex partialMu_;
  SampleBatch partial_;
  std::size_t coalesce_;
  std::mutex writtenMu_;
  std::vector<SampleBatch> written_;
  std::atomic<uint64_t> dropped_{0};
  std::thread writer_;
};

} // namespace histd
