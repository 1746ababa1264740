// In-memory LRU cache of DNS responses.
#pragma once
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace dnscache {

class Cache {
public:
  struct Entry {
    std::string key;
    std::string wire;
    int64_t expiresAtSec = 0;
  };

  explicit Cache(std::size_t capacity);

  /// The cached response with its id rewritten to id, or nullopt.
  std::optional<std::string> lookup(const std::string &key, uint16_t id);
  void insert(const std::string &key, const std::string &wire, uint32_t ttl);
  void restore(Entry entry);
  void clear();
  std::size_t size() const;
  std::vector<Entry> entries() const;

  static int64_t nowSec();

private:
  using List = std::list<Entry>;
  void insertLocked(Entry entry);

  mutable std::mutex mu_;
  std::size_t capacity_;
  List lru_;
  std::unordered_map<std::string, List::iterator> index_;
};

} // namespace dnscache
