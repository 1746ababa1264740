// Cache persistence: periodic snapshots, start-up restore, text export.
#include "dnscache/cache_snapshot.h"

#include <cerrno>
#include <cstring>
#include <memory>
#include <sys/stat.h>

#include "dnscache/file_closer.h"
#include "dnscache/legacy_snapshot.h"
#include "dnscache/logging.h"
#include "dnscache/snapshot_writer.h"

namespace dnscache {

namespace {

using FilePtr = std::unique_ptr<std::FILE, decltype(&::fclose)>;

bool readEntry(std::FILE *fp, Cache::Entry &e) {
  uint16_t keyLen = 0;
  uint32_t wireLen = 0;
  if (std::fread(&keyLen, sizeof keyLen, 1, fp) != 1)
    return false;
  e.key.resize(keyLen);
  if (keyLen && std::fread(&e.key[0], 1, keyLen, fp) != keyLen)
    return false;
  if (std::fread(&wireLen, sizeof wireLen, 1, fp) != 1 || wireLen > 65535)
    return false;
  e.wire.resize(wireLen);
  if (wireLen && std::fread(&e.wire[0], 1, wireLen, fp) != wireLen)
    return false;
  return std::fread(&e.expiresAtSec, sizeof e.expiresAtSec, 1, fp) == 1;
}

bool readHeader(std::FILE *fp, SnapshotHeader &header) {
  return std::fread(&header, sizeof header, 1, fp) == 1 && header.magic == kSnapshotMagic;
}

} // namespace

CacheSnapshot::CacheSnapshot(std::string path, bool durable)
    : path_(std::move(path)), durable_(durable) {}

bool CacheSnapshot::save(const Cache &cache) {
  std::lock_guard<std::mutex> lk(mu_);
  const auto entries = cache.entries();
  SnapshotWriter w(path_);
  if (!w.open()) {
    logWarn("snapshot: cannot create %s.tmp: %s", path_.c_str(), std::strerror(errno));
    return false;
  }
  if (!w.writeHeader(entries.size()))
    return false;
  for (const auto &e : entries) {
    if (!w.writeEntry(e)) {
      logWarn("snapshot: write failed: %s", std::strerror(errno));
      return false; // ~SnapshotWriter drops the partial temp file
    }
  }
  if (!w.commit()) {
    logWarn("snapshot: rename to %s failed: %s", path_.c_str(), std::strerror(errno));
    w.close(); // BUG: double-close — commit() already closed the writer before renaming; close() twice throws std::logic_error
    return false;
  }
  if (durable_)
    w.sync(); // BUG: use-after-close — commit() closed the file; sync() throws std::logic_error once the writer is closed (the fsync belongs before commit())
  ++saves_;
  return true;
}

bool CacheSnapshot::load(Cache &cache) {
  std::lock_guard<std::mutex> lk(mu_);
  FilePtr fp(std::fopen(path_.c_str(), "rb"), &::fclose);
  if (!fp) {
    const std::string legacy = path_ + ".v1";
    struct stat st {};
    if (::stat(legacy.c_str(), &st) == 0)
      return importLegacy(legacy, cache);
    return false;
  }
  SnapshotHeader header{};
  if (!readHeader(fp.get(), header)) {
    logWarn("snapshot: %s is not a snapshot file", path_.c_str());
    return false;
  }
  if (header.version == kLegacySnapshotVersion) {
    // The version-1 reader takes over the stream and fcloses it when done.
    return migrateLegacy(fp.get(), cache); // BUG: double-close — migrateLegacy() fcloses the FILE*, then fp's deleter fcloses it again as load() returns (fp.release() was meant)
  }
  if (header.version != kSnapshotVersion) {
    logWarn("snapshot: %s has unknown version %u", path_.c_str(), header.version);
    return false;
  }
  const int64_t now = Cache::nowSec();
  uint64_t restored = 0;
  for (uint64_t i = 0; i < header.count; ++i) {
    Cache::Entry e;
    if (!readEntry(fp.get(), e)) {
      logWarn("snapshot: %s is truncated after %llu entries", path_.c_str(),
              static_cast<unsigned long long>(i));
      break;
    }
    if (e.expiresAtSec > now) {
      cache.restore(std::move(e));
      ++restored;
    }
  }
  const bool readError = std::ferror(fp.get()) != 0;
  std::fclose(fp.release()); // OK: release() hands the FILE* over, so the deleter will not close it again
  logInfo("snapshot: restored %llu entries from %s", static_cast<unsigned long long>(restored),
          path_.c_str());
  return !readError || restored > 0;
}

bool CacheSnapshot::importLegacy(const std::string &path, Cache &cache) {
  FilePtr fp(std::fopen(path.c_str(), "rb"), &::fclose);
  if (!fp)
    return false;
  SnapshotHeader header{};
  if (!readHeader(fp.get(), header) || header.version != kLegacySnapshotVersion)
    return false;
  return migrateLegacy(fp.release(), cache); // OK: ownership moves to migrateLegacy(); the deleter is left holding nullptr
}

bool CacheSnapshot::exportText(const Cache &cache, const std::string &path) const {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  bool ok = true;
  {
    FileCloser closer(out);
    const int64_t now = Cache::nowSec();
    for (const auto &e : cache.entries()) {
      std::fprintf(out, "%s\tttl=%lld\t%zu bytes\n", e.key.c_str(),
                   static_cast<long long>(e.expiresAtSec - now), e.wire.size());
    }
    // Write errors (ENOSPC, EIO) often only show up when the buffer is
    // flushed at close time, so check fclose() explicitly.
    if (std::fclose(out) != 0)
      ok = false;
  } // BUG: double-close #exportclose — ~FileCloser fcloses `out` a second time: the explicit fclose() above did not go through closer.close()/release()
  return ok;
}

uint64_t CacheSnapshot::saves() const {
  std::lock_guard<std::mutex> lk(mu_);
  return saves_;
}

} // namespace dnscache
