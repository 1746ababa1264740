// TileIndex: the cache's append-only index file, one text line per stored
// blob. A background thread syncs it to disk periodically. Appending to a
// closed index throws; close() is idempotent and reopen() resumes after a
// compaction rewrote the file.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tile_key.h"

namespace tilesrv {

struct IndexRecord {
  TileKey key;
  std::uint32_t segment = 0;
  std::uint64_t offset = 0;
  std::uint32_t length = 0;
};

std::string formatIndexLine(const IndexRecord &record);
bool parseIndexLine(const char *line, IndexRecord &record);

class TileIndex {
public:
  TileIndex() = default;
  ~TileIndex();

  TileIndex(const TileIndex &) = delete;
  TileIndex &operator=(const TileIndex &) = delete;

  void open(const std::string &path, std::chrono::milliseconds syncInterval);
  void reopen();
  void append(const IndexRecord &record);
  // Writes a "# checkpoint" line recovery uses to skip a partial tail.
  void writeCheckpoint(std::uint64_t liveRecords);
  void close();

  bool isOpen() const;
  const std::string &path() const { return path_; }
  std::uint64_t recordsWritten() const { return records_; }

  static std::vector<IndexRecord> load(const std::string &path);

private:
  void ensureOpenLocked(const char *operation) const;
  void syncLoop();

  std::string path_;
  std::chrono::milliseconds syncInterval_{1000};
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::FILE *file_ = nullptr;
  std::atomic<std::uint64_t> records_{0};
  bool stopSyncer_ = false;
  std::thread syncer_;
};

} // namespace tilesrv
