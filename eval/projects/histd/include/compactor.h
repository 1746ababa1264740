// Background thread packing sealed segments into ".z" files.
#pragma once
#include "segment_index.h"
#include "segment_store.h"
#include "work_queue.h"
#include <atomic>
#include <cstdint>
#include <thread>

namespace histd {

class Compactor {
public:
  explicit Compactor(SegmentIndex &index);
  ~Compactor();

  void start();
  void enqueue(const SealedSegment &segment);
  /// Stops taking work; the segment being packed is finished first.
  void requestStop();
  void join();

  uint64_t compacted() const { return compacted_.load(); }

private:
  void run();
  bool compressOne(const SealedSegment &segment);

  SegmentIndex &index_;
  WorkQueue<SealedSegment> queue_;
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> compacted_{0};
  std::thread worker_;
};

} // namespace histd
