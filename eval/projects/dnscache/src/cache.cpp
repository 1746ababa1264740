// In-memory LRU cache of DNS responses.
#include "dnscache/cache.h"

#include <chrono>

#include "dnscache/dns_message.h"

namespace dnscache {

Cache::Cache(std::size_t capacity) : capacity_(capacity ? capacity : 1) {}

int64_t Cache::nowSec() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<std::string> Cache::lookup(const std::string &key, uint16_t id) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = index_.find(key);
  if (it == index_.end())
    return std::nullopt;
  if (it->second->expiresAtSec <= nowSec()) {
    lru_.erase(it->second);
    index_.erase(it);
    return std::nullopt;
  }
  lru_.splice(lru_.begin(), lru_, it->second);
  return DnsMessage::withId(it->second->wire, id);
}

void Cache::insert(const std::string &key, const std::string &wire, uint32_t ttl) {
  std::lock_guard<std::mutex> lk(mu_);
  insertLocked(Entry{key, wire, nowSec() + ttl});
}

void Cache::restore(Entry entry) {
  std::lock_guard<std::mutex> lk(mu_);
  insertLocked(std::move(entry));
}

void Cache::insertLocked(Entry entry) {
  auto it = index_.find(entry.key);
  if (it != index_.end()) {
    lru_.erase(it->second);
    index_.erase(it);
  }
  lru_.push_front(std::move(entry));
  index_[lru_.front().key] = lru_.begin();
  while (lru_.size() > capacity_) {
    index_.erase(lru_.back().key);
    lru_.pop_back();
  }
}

void Cache::clear() {
  std::lock_guard<std::mutex> lk(mu_);
  index_.clear();
  lru_.clear();
}

std::size_t Cache::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return lru_.size();
}

std::vector<Cache::Entry> Cache::entries() const {
  std::lock_guard<std::mutex> lk(mu_);
  return std::vector<Entry>(lru_.begin(), lru_.end());
}

} // namespace dnscache
