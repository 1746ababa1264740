// Keeps sstable readers open for point lookups. acquire() opens a reader on
// first use and hands out shared ownership (nullptr if the table cannot be
// opened). evict() closes the cached reader and forgets it; compaction calls it
// for tables it is about to delete. clear() forgets every reader; each one
// closes when its last owner lets go.
#pragma once
#include "kvlog/sstable_reader.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace kvlog {

class TableCache {
public:
  std::shared_ptr<SSTableReader> acquire(const std::string &path);
  void evict(const std::string &path);
  void clear();
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<SSTableReader>> readers_;
};

} // namespace kvlog
