// Counters the tile cache keeps and hands to its close callback.
#pragma once

#include <cstdint>
#include <string>

namespace tilesrv {

struct CacheStats {
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::uint64_t stores = 0;
  std::uint64_t rotations = 0;
  std::uint64_t compactions = 0;
  std::uint64_t liveTiles = 0;
  std::uint64_t deadRecords = 0;
  std::uint32_t segment = 0;
};

std::string describe(const CacheStats &stats);

} // namespace tilesrv
