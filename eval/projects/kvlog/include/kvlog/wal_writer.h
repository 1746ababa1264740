// Appends records to the current WAL segment and rolls over to a new segment
// once the current one would exceed maxSegmentBytes. close() closes the current
// segment (idempotent); append() and sync() after close() throw
// std::logic_error (from WalSegment). A listener sees every appended record.
#pragma once
#include "kvlog/wal_record.h"
#include "kvlog/wal_segment.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace kvlog {

class WalWriter {
public:
  using Listener = std::function<void(const WalRecord &, const std::string &frame)>;

  WalWriter(std::string dir, long maxSegmentBytes);
  ~WalWriter();

  bool open(std::uint64_t segmentIndex);
  void setListener(Listener listener);
  void append(const WalRecord &rec);
  void appendBatch(const std::vector<WalRecord> &batch);
  bool rotate();
  void sync();
  void close();
  std::uint64_t lastSeq() const;

private:
  void rotateLocked();
  std::string segmentPath(std::uint64_t index) const;

  const std::string dir_;
  const long maxSegmentBytes_;
  mutable std::mutex mu_;
  std::unique_ptr<WalSegment> current_;
  std::uint64_t segmentIndex_ = 0;
  std::uint64_t lastSeq_ = 0;
  Listener listener_;
};

} // namespace kvlog
