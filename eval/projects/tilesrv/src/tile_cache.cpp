// TileCache: stores rendered tiles in size-limited data segments and keeps
// their locations in memory, backed by the append-only index. Full segments
// are sealed and a new one started; the index is compacted once enough
// records have been superseded.
#include "tile_cache.h"

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <sys/stat.h>
#include <system_error>

#include "index_compactor.h"
#include "log.h"
#include "scope_exit.h"
#include "segment_io.h"

namespace tilesrv {

TileCache::TileCache(Options options) : options_(std::move(options)) {
  std::lock_guard<std::mutex> lock(mutex_);
  recoverLocked();
  data_.reset(openSegment(segmentPath(segment_)));
  index_.open(options_.dir + "/index.log", options_.syncInterval);
  open_ = true;
  log::info("tile cache %s: %zu tiles, writing segment %u", options_.dir.c_str(), locations_.size(), segment_);
}

TileCache::~TileCache() {
  try {
    close();
  } catch (const std::exception &e) {
    log::error("closing tile cache %s: %s", options_.dir.c_str(), e.what());
  }
}

std::string TileCache::segmentPath(std::uint32_t segment) const {
  return options_.dir + "/" + segmentFileName(segment);
}

void TileCache::recoverLocked() {
  std::vector<IndexRecord> records = TileIndex::load(options_.dir + "/index.log");

  std::string current;
  if (readWholeFile(options_.dir + "/current", current)) {
    try {
      segment_ = static_cast<std::uint32_t>(std::stoul(current));
    } catch (const std::logic_error &) {
      log::warn("tile cache %s: ignoring corrupt segment marker", options_.dir.c_str());
    }
  }
  for (const IndexRecord &r : records)
    segment_ = std::max(segment_, r.segment);

  for (const IndexRecord &r : records) {
    if (r.length == 0) {
      if (locations_.erase(r.key))
        ++stats_.deadRecords;
      continue;
    }
    auto placed = locations_.insert_or_assign(r.key, Location{r.segment, r.offset, r.length, 0});
    if (!placed.second)
      ++stats_.deadRecords;
    if (r.segment == segment_)
      ++recordsInSegment_;
  }

  struct stat st {};
  if (::stat(segmentPath(segment_).c_str(), &st) == 0)
    dataBytes_ = static_cast<std::uint64_t>(st.st_size);
}

bool TileCache::readLocked(const Location &location, std::string &blob) {
  if (location.segment == segment_) {
    std::fflush(data_.get()); // OK: only reached with the mutex held and open_ checked
    return readBlob(data_.get(), location.offset, location.length, blob);
  }
  TileFile sealed = TileFile::open(segmentPath(location.segment), "rb");
  if (!sealed)
    return false;
  return readBlob(sealed.get(), location.offset, location.length, blob);
}

std::optional<std::string> TileCache::lookup(const TileKey &key) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_)
    return std::nullopt;
  auto it = locations_.find(key);
  if (it == locations_.end()) {
    ++stats_.misses;
    return std::nullopt;
  }
  std::string blob;
  if (!readLocked(it->second, blob)) {
    log::warn("tile cache: unreadable entry for %s, dropping it", toString(key).c_str());
    locations_.erase(it);
    ++stats_.misses;
    return std::nullopt;
  }
  ++it->second.reads;
  ++stats_.hits;
  return blob;
}

void TileCache::store(const TileKey &key, const std::string &blob) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_)
    throw std::runtime_error("tile cache " + options_.dir + " is closed");

  if (recordsInSegment_ > 0 && dataBytes_ + kBlobHeaderBytes + blob.size() > options_.segmentBytes)
    rotateLocked();

  const long offset = appendBlob(data_.get(), key, blob); // OK: a rotation replaced data_ with the next segment
  if (offset < 0)
    throw std::system_error(errno, std::generic_category(), "write to " + segmentPath(segment_));
  dataBytes_ = static_cast<std::uint64_t>(offset) + blob.size();
  ++recordsInSegment_;

  const IndexRecord record{key, segment_, static_cast<std::uint64_t>(offset),
                           static_cast<std::uint32_t>(blob.size())};
  index_.append(record);
  auto placed = locations_.insert_or_assign(key, Location{record.segment, record.offset, record.length, 0});
  if (!placed.second)
    ++stats_.deadRecords;
  ++stats_.stores;
}

void TileCache::rotateLocked() {
  std::FILE *sealed = data_.get();
  const SegmentTrailer trailer{segment_, recordsInSegment_, dataBytes_};
  data_.reset(openSegment(segmentPath(segment_ + 1)));
  if (!sealSegment(sealed, trailer)) // BUG: use-after-close #seal_rotated_segment
    log::warn("tile cache: could not seal segment %u", trailer.segment);

  ++segment_;
  dataBytes_ = 0;
  recordsInSegment_ = 0;
  ++stats_.rotations;
  if (!writeFileAtomically(options_.dir + "/current", std::to_string(segment_)))
    log::warn("tile cache: could not record current segment %u", segment_);
}

bool TileCache::purge(const TileKey &key) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_)
    return false;
  auto it = locations_.find(key);
  if (it == locations_.end())
    return false;
  locations_.erase(it);
  index_.append(IndexRecord{key, segment_, 0, 0});
  ++stats_.deadRecords;
  return true;
}

std::vector<std::pair<TileKey, std::string>> TileCache::hottest(std::size_t limit) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::pair<TileKey, std::string>> out;
  if (!open_)
    return out;
  std::vector<std::pair<std::uint64_t, const TileKey *>> ranked;
  ranked.reserve(locations_.size());
  for (const auto &[key, location] : locations_)
    ranked.emplace_back(location.reads, &key);
  const std::size_t n = std::min(limit, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<long>(n), ranked.end(),
                    [](const auto &a, const auto &b) { return a.first > b.first; });
  for (std::size_t i = 0; i < n; ++i) {
    std::string blob;
    if (readLocked(locations_.at(*ranked[i].second), blob))
      out.emplace_back(*ranked[i].second, std::move(blob));
  }
  return out;
}

bool TileCache::needsCompaction() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return open_ && stats_.deadRecords >= options_.compactAfterDeadRecords;
}

void TileCache::compact() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!open_)
    return;
  const std::uint64_t live = locations_.size();

  // The compactor rewrites the file underneath us: nothing may append to it
  // until it has been renamed into place.
  index_.close();
  auto reopenIndex = makeScopeExit([this] { index_.reopen(); });

  IndexCompactor compactor(index_.path(), [this](const IndexRecord &r) {
    auto it = locations_.find(r.key);
    return it != locations_.end() && it->second.segment == r.segment && it->second.offset == r.offset;
  });
  const CompactionResult result = compactor.run();
  if (!result.ok) {
    log::error("tile cache: index compaction failed: %s", result.error.c_str());
    index_.writeCheckpoint(live); // BUG: use-after-close
    return;
  }
  stats_.deadRecords = 0;
  ++stats_.compactions;
  log::info("tile cache: index compacted, kept %llu, dropped %llu, read %ld bytes",
            static_cast<unsigned long long>(result.kept), static_cast<unsigned long long>(result.dropped),
            result.bytesRead);
}

void TileCache::close() {
  ClosedCallback onClosed;
  CacheStats final;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!open_)
      return;
    open_ = false;
    data_.reset();
    index_.close();
    stats_.liveTiles = locations_.size();
    stats_.segment = segment_;
    final = stats_;
    onClosed = std::move(onClosed_);
    onClosed_ = nullptr;
  }
  log::info("tile cache %s closed: %s, %llu index records written", options_.dir.c_str(), describe(final).c_str(),
            static_cast<unsigned long long>(index_.recordsWritten())); // OK: a counter read after the close
  if (onClosed)
    onClosed(final);
}

bool TileCache::isOpen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return open_;
}

CacheStats TileCache::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  CacheStats out = stats_;
  out.liveTiles = locations_.size();
  out.segment = segment_;
  return out;
}

void TileCache::setOnClosed(ClosedCallback callback) {
  std::lock_guard<std::mutex> lock(mutex_);
  onClosed_ = std::move(callback);
}

} // namespace tilesrv
