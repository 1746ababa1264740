// OfflineBuffer: on-disk spill for records Kafka could not take.
//
// Records are appended as lines to segment files "<dir>/segment-<n>.log".
// When the current segment would exceed maxSegmentBytes it is closed and the
// next one is opened (rotation); closed segments are replayed later by the
// ReplayService.
//
// Semantics:
//  - open() opens (appends to) the newest segment; returns false on failure.
//  - append() throws std::runtime_error when the buffer is not open (never
//    opened, or closed).
//  - close() closes the current segment; it is idempotent (the FILE* is reset
//    to nullptr) and the destructor calls it.
//  - Thread-safe: one mutex serialises append/rotate/close.
#pragma once
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

namespace iotbridge {

class OfflineBuffer {
 public:
  OfflineBuffer(std::string dir, std::size_t maxSegmentBytes);
  ~OfflineBuffer();
  OfflineBuffer(const OfflineBuffer&) = delete;
  OfflineBuffer& operator=(const OfflineBuffer&) = delete;

  bool open();
  void append(const std::string& line);
  void close();

  unsigned currentSegment() const;
  std::size_t appended() const;

 private:
  bool rotateLocked();

  const std::string dir_;
  const std::size_t maxSegmentBytes_;
  mutable std::mutex mu_;
  FILE* fp_ = nullptr;
  unsigned segmentIndex_ = 0;
  std::size_t segmentBytes_ = 0;
  std::size_t appended_ = 0;
};

}  // namespace iotbridge
