// TileCache: rendered tiles on disk. Blobs are appended to the current data
// segment, which is sealed and rotated when it reaches its size limit; their
// locations go to the append-only TileIndex, which is compacted when it has
// gathered enough superseded records. All methods are thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cache_stats.h"
#include "tile_file.h"
#include "tile_index.h"
#include "tile_key.h"

namespace tilesrv {

class TileCache {
public:
  struct Options {
    std::string dir;
    std::uint64_t segmentBytes = 256ull << 20;
    std::uint64_t compactAfterDeadRecords = 200000;
    std::chrono::milliseconds syncInterval{2000};
  };
  using ClosedCallback = std::function<void(const CacheStats &)>;

  explicit TileCache(Options options);
  ~TileCache();

  TileCache(const TileCache &) = delete;
  TileCache &operator=(const TileCache &) = delete;

  std::optional<std::string> lookup(const TileKey &key);
  void store(const TileKey &key, const std::string &blob);
  bool purge(const TileKey &key);
  std::vector<std::pair<TileKey, std::string>> hottest(std::size_t limit);

  bool needsCompaction() const;
  void compact();

  // Seals the current segment and closes the index; idempotent. The closed
  // callback runs once, after the files are closed.
  void close();
  bool isOpen() const;

  CacheStats stats() const;
  void setOnClosed(ClosedCallback callback);

private:
  struct Location {
    std::uint32_t segment = 0;
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
    std::uint64_t reads = 0;
  };

  void rotateLocked();
  bool readLocked(const Location &location, std::string &blob);
  std::string segmentPath(std::uint32_t segment) const;
  void recoverLocked();

  const Options options_;
  mutable std::mutex mutex_;
  bool open_ = false;
  FilePtr data_;
  std::uint32_t segment_ = 0;
  std::uint64_t dataBytes_ = 0;
  std::uint32_t recordsInSegment_ = 0;
  TileIndex index_;
  std::unordered_map<TileKey, Location, TileKeyHash> locations_;
  CacheStats stats_;
  ClosedCallback onClosed_;
};

} // namespace tilesrv
