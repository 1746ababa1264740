// The artifact cache's index file.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace buildfarm {

struct CacheEntry {
  std::string key; // sha256 of the cached blob, also its file name
  std::uint64_t size = 0;
  std::int64_t atime = 0;
};

// Append-only text file, one "<key> <size> <atime>" line per use of a cache
// entry. open() opens it for reading and appending; load() returns the
// latest record of every key; compact(keep) rewrites the file with just
// those entries. close() closes the file and is idempotent; the destructor
// closes it if it is still open.
class CacheIndex {
public:
  explicit CacheIndex(std::string path);
  ~CacheIndex();
  CacheIndex(const CacheIndex &) = delete;
  CacheIndex &operator=(const CacheIndex &) = delete;

  bool open();
  std::vector<CacheEntry> load();
  bool append(const CacheEntry &entry);
  bool compact(const std::vector<CacheEntry> &keep);
  void close();

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
};

} // namespace buildfarm
