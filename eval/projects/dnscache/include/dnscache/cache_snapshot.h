// Cache persistence: periodic snapshots, start-up restore, text export.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>

#include "dnscache/cache.h"

namespace dnscache {

constexpr uint32_t kSnapshotMagic = 0x444e5343; // "DNSC"
constexpr uint32_t kSnapshotVersion = 2;
constexpr uint32_t kLegacySnapshotVersion = 1;

struct SnapshotHeader {
  uint32_t magic;
  uint32_t version;
  uint64_t count;
};

class CacheSnapshot {
public:
  CacheSnapshot(std::string path, bool durable);

  /// Writes the whole cache (serialised with the other savers by mu_).
  bool save(const Cache &cache);
  /// Restores unexpired entries. Falls back to "<path>.v1" (legacy format).
  bool load(Cache &cache);
  bool importLegacy(const std::string &path, Cache &cache);
  /// Human-readable dump for the admin "export" command.
  bool exportText(const Cache &cache, const std::string &path) const;
  uint64_t saves() const;

private:
  std::string path_;
  bool durable_;
  mutable std::mutex mu_;
  uint64_t saves_ = 0;
};

} // namespace dnscache
