// MemTable: sorted in-memory table with tombstones.
#include "kvlog/memtable.h"

namespace kvlog {

void MemTable::put(const std::string &key, const std::string &value) {
  std::lock_guard<std::mutex> lock(mu_);
  ValueEntry &slot = entries_[key];
  bytes_ += key.size() + value.size();
  slot.value = value;
  slot.tombstone = false;
}

void MemTable::remove(const std::string &key) {
  std::lock_guard<std::mutex> lock(mu_);
  ValueEntry &slot = entries_[key];
  bytes_ += key.size();
  slot.value.clear();
  slot.tombstone = true;
}

bool MemTable::get(const std::string &key, ValueEntry &out) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(key);
  if (it == entries_.end())
    return false;
  out = it->second;
  return true;
}

std::vector<std::pair<std::string, ValueEntry>> MemTable::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  return {entries_.begin(), entries_.end()};
}

std::size_t MemTable::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

std::size_t MemTable::approximateBytes() const {
  std::lock_guard<std::mutex> lock(mu_);
  return bytes_;
}

} // namespace kvlog
