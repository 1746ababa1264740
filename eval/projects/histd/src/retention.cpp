// Retention: sealed segments (raw or packed) whose file is older than the
// retention period are dropped from the store and deleted.
#include "retention.h"

#include "log.h"

#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;

namespace histd {

std::size_t applyRetention(SegmentStore &store, int retentionDays) {
  if (retentionDays <= 0)
    return 0;
  const auto cutoff = fs::file_time_type::clock::now() - std::chrono::hours(24 * retentionDays);
  std::size_t removed = 0;
  for (uint32_t n : store.sealedNumbers()) {
    const std::string raw = SegmentStore::segmentPath(store.dir(), n);
    const std::string packed = raw + ".z";
    std::error_code ec;
    const std::string &path = fs::exists(packed, ec) ? packed : raw;
    const auto mtime = fs::last_write_time(path, ec);
    if (ec) {
      log::warn("retention: %s: %s", path.c_str(), ec.message().c_str());
      continue;
    }
    if (mtime >= cutoff)
      break; // segments are numbered in write order
    store.forget(n);
    fs::remove(raw, ec);
    fs::remove(packed, ec);
    ++removed;
  }
  if (removed)
    log::info("retention: removed %zu segments older than %d days", removed, retentionDays);
  return removed;
}

} // namespace histd
