// The on-disk time-series store: one active segment taking appends, sealed
// segments handed to the compactor, and the index describing them.
#pragma once
#include "sample.h"
#include "segment_file.h"
#include "segment_index.h"
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace histd {

struct SealedSegment {
  uint32_t number = 0;
  std::string path;
};

class SegmentStore {
public:
  SegmentStore(std::string dir, uint64_t maxSegmentBytes);
  ~SegmentStore();

  SegmentStore(const SegmentStore &) = delete;
  SegmentStore &operator=(const SegmentStore &) = delete;

  /// Called (under the store lock) for every segment that gets sealed.
  void onSealed(std::function<void(const SealedSegment &)> fn);

  void append(const std::vector<Sample> &samples);
  void flush();
  void close();
  bool isClosed() const;

  /// Paths of every readable segment, oldest first, compacted ones as ".z".
  std::vector<std::string> segmentPaths() const;
  std::vector<uint32_t> sealedNumbers() const;
  /// Removes a sealed segment from the store's list (retention).
  void forget(uint32_t number);
  SegmentIndex &index() { return index_; }
  const std::string &dir() const { return dir_; }
  uint64_t samplesWritten() const;

  static std::string segmentPath(const std::string &dir, uint32_t number);

private:
  void rollover();

  mutable std::mutex mu_;
  std::string dir_;
  uint64_t maxBytes_;
  SegmentIndex index_;
  std::unique_ptr<SegmentFile> active_;
  std::vector<uint32_t> sealed_;
  uint64_t samplesWritten_ = 0;
  bool closed_ = false;
  std::function<void(const SealedSegment &)> onSealed_;
};

} // namespace histd
