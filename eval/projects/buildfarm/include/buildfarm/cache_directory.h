// The agent's artifact cache directory.
#pragma once
#include "buildfarm/cache_index.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>

namespace buildfarm {

// Blobs live in <root>/<key>, the index in <root>/index. usage() adds up the
// blob sizes on disk; evict(target) removes the least recently used blobs
// until the indexed size is at most target; recordUse() appends to the
// index; removeStray() deletes blobs the index does not know. All calls
// serialize on one mutex.
class CacheDirectory {
public:
  explicit CacheDirectory(std::string root);

  bool prepare();
  std::uint64_t usage();
  std::size_t evict(std::uint64_t targetBytes);
  bool recordUse(const CacheEntry &entry);
  std::size_t removeStray();

private:
  std::string indexPath() const { return root_ + "/index"; }

  std::string root_;
  std::mutex mutex_;
};

} // namespace buildfarm
