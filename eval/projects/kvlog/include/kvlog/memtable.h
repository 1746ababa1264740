// Sorted in-memory table of the latest writes. Thread-safe. Deletes are kept as
// tombstones so that they shadow older sstables.
#pragma once
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace kvlog {

struct ValueEntry {
  std::string value;
  bool tombstone = false;
};

class MemTable {
public:
  void put(const std::string &key, const std::string &value);
  void remove(const std::string &key);
  bool get(const std::string &key, ValueEntry &out) const;
  std::vector<std::pair<std::string, ValueEntry>> snapshot() const;
  std::size_t size() const;
  std::size_t approximateBytes() const;

private:
  mutable std::mutex mu_;
  std::map<std::string, ValueEntry> entries_;
  std::size_t bytes_ = 0;
};

} // namespace kvlog
