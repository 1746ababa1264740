// IndexCompactor: rewrites the cache index keeping only the records still
// referenced, then renames the result over the original file.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "tile_index.h"

namespace tilesrv {

struct CompactionResult {
  bool ok = false;
  std::uint64_t kept = 0;
  std::uint64_t dropped = 0;
  long bytesRead = 0;
  std::string error;
};

class IndexCompactor {
public:
  using LivePredicate = std::function<bool(const IndexRecord &)>;

  IndexCompactor(std::string indexPath, LivePredicate isLive);
  CompactionResult run();

private:
  std::string indexPath_;
  LivePredicate isLive_;
};

} // namespace tilesrv
