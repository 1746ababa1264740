// Replays the WAL segments found in the WAL directory into a memtable at start.
#pragma once
#include "kvlog/memtable.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kvlog {

struct RecoveryStats {
  std::size_t segments = 0;
  std::size_t records = 0;
  std::size_t corrupt = 0;
  std::uint64_t lastSeq = 0;
  std::uint64_t lastSegmentIndex = 0;
};

class RecoveryManager {
public:
  RecoveryManager(std::string walDir, MemTable &table);
  RecoveryStats run();

private:
  void replaySegment(const std::string &path, RecoveryStats &stats);
  std::vector<std::string> listSegments() const;

  std::string walDir_;
  MemTable &table_;
};

} // namespace kvlog
