// TableCache: shared, lazily opened sstable readers (see table_cache.h).
#include "kvlog/table_cache.h"

namespace kvlog {

std::shared_ptr<SSTableReader> TableCache::acquire(const std::string &path) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = readers_.find(path);
  if (it != readers_.end())
    return it->second;
  auto reader = std::make_shared<SSTableReader>(path);
  if (!reader->isOpen())
    return nullptr;
  readers_.emplace(path, reader);
  return reader;
}

void TableCache::evict(const std::string &path) {
  std::shared_ptr<SSTableReader> victim;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = readers_.find(path);
    if (it == readers_.end())
      return;
    victim = std::move(it->second);
    readers_.erase(it);
  }
  victim->close(); // SAME: evict_race
}

void TableCache::clear() {
  std::lock_guard<std::mutex> lock(mu_);
  readers_.clear();
}

std::size_t TableCache::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return readers_.size();
}

} // namespace kvlog
