// Writes one cache snapshot file atomically (temp file + rename).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

#include "dnscache/cache.h"

namespace dnscache {

/// Writes "<path>.tmp" and renames it over <path> in commit().
/// - writeHeader()/writeEntry()/sync() throw std::logic_error once the writer
///   is closed.
/// - close() fcloses the temp file; calling close() a second time throws
///   std::logic_error("snapshot writer closed twice").
/// - commit() closes the file (through close()) and then renames it; it returns
///   false if the rename fails. The writer is closed either way.
/// - The destructor fcloses and removes the temp file if neither close() nor
///   commit() ran (an abandoned, partial snapshot).
class SnapshotWriter {
public:
  explicit SnapshotWriter(std::string path);
  ~SnapshotWriter();
  SnapshotWriter(const SnapshotWriter &) = delete;
  SnapshotWriter &operator=(const SnapshotWriter &) = delete;

  bool open();
  bool isOpen() const { return fp_ != nullptr && !closed_; }
  bool writeHeader(uint64_t count);
  bool writeEntry(const Cache::Entry &entry);
  /// fflush + fsync of the temp file.
  void sync();
  void close();
  bool commit();

private:
  void requireOpen(const char *what) const;

  std::string path_;
  std::string tmpPath_;
  std::FILE *fp_ = nullptr;
  bool closed_ = false;
};

} // namespace dnscache
