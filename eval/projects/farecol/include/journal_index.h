// Offset index of the tap journal: a fixed header followed by one (seq, offset) entry per
// journaled tap, so a replay can seek straight to a device's sequence number.
#pragma once
#include "segment_io.h"
#include "status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace farecol {

class Diagnostics;

struct IndexHeader {
  char magic[8] = {'F', 'C', 'O', 'L', 'I', 'D', 'X', '1'};
  std::uint64_t entries = 0;
  std::int64_t lastSegmentEnd = 0;
};

class JournalIndex {
public:
  explicit JournalIndex(Diagnostics &diag);
  ~JournalIndex();
  JournalIndex(const JournalIndex &) = delete;
  JournalIndex &operator=(const JournalIndex &) = delete;

  Status open(const std::string &path);
  Status record(std::uint64_t seq, std::int64_t offset);
  Status recordEnd(std::int64_t offset);
  // Flushes the index to disk; throws std::runtime_error when the index is closed.
  Status sync();
  void close();
  bool isOpen() const { return fd_ >= 0; }
  std::uint64_t entries() const { return header_.entries; }

  // Writes a complete index file for the given entries (used when the index is damaged).
  Status rebuild(const std::string &path, const std::vector<IndexEntry> &entries);

private:
  Diagnostics &diag_;
  int fd_ = -1;
  std::string path_;
  IndexHeader header_;
};

} // namespace farecol
