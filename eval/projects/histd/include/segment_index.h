// Append-only index of the segment store: one 32-byte entry per segment
// event, written with write(2) so a crash loses at most a torn tail.
#pragma once
#include "unique_fd.h"
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace histd {

struct IndexEntry {
  enum Kind : uint32_t { SegmentStart = 1, SegmentEnd = 2, Compacted = 3 };

  uint32_t segNo = 0;
  uint32_t kind = SegmentStart;
  int64_t firstTs = 0;
  int64_t lastTs = 0;
  uint64_t aux = 0;
};
static_assert(sizeof(IndexEntry) == 32, "index entries are 32 bytes on disk");

class SegmentIndex {
public:
  SegmentIndex() = default;
  ~SegmentIndex() = default;

  /// Opens (creating if needed) the index for appending. Throws std::system_error.
  void open(const std::string &path);
  void append(const IndexEntry &entry);
  void markCompacted(uint32_t segNo, uint64_t packedBytes);
  void sync();
  /// Syncs and closes the index; a closed index throws on every other call.
  void close();
  bool isOpen() const;

private:
  void requireOpen() const;
  void writeEntry(const IndexEntry &entry);

  mutable std::mutex mu_;
  std::string path_;
  UniqueFd fd_;
};

namespace index_io {
/// Reads every whole entry of an index file descriptor from offset 0.
std::vector<IndexEntry> readAll(int fd);
} // namespace index_io

} // namespace histd
