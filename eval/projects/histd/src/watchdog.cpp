// Watchdog: stale/recovered detection per controller. Callbacks run on the
// main thread from tick(), outside the watchdog's lock.
#include "watchdog.h"

#include <utility>

namespace histd {

Watchdog::Watchdog(int staleAfterMs) : staleAfterMicros_(int64_t(staleAfterMs) * 1000) {}

void Watchdog::setStaleAfter(int staleAfterMs) {
  std::lock_guard<std::mutex> lock(mu_);
  staleAfterMicros_ = int64_t(staleAfterMs) * 1000;
}

void Watchdog::watch(const std::string &controller, int64_t nowMicros) {
  std::lock_guard<std::mutex> lock(mu_);
  entries_.emplace(controller, Entry{nowMicros, false});
}

void Watchdog::unwatch(const std::string &controller) {
  std::lock_guard<std::mutex> lock(mu_);
  entries_.erase(controller);
}

void Watchdog::notePoll(const std::string &controller, int64_t tsMicros) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(controller);
  if (it != entries_.end() && tsMicros > it->second.lastPoll)
    it->second.lastPoll = tsMicros;
}

int Watchdog::onStale(StaleFn fn) {
  std::lock_guard<std::mutex> lock(mu_);
  const int id = nextSub_++;
  staleSubs_.emplace(id, std::move(fn));
  return id;
}

int Watchdog::onRecovered(RecoveredFn fn) {
  std::lock_guard<std::mutex> lock(mu_);
  const int id = nextSub_++;
  recoveredSubs_.emplace(id, std::move(fn));
  return id;
}

void Watchdog::unsubscribe(int id) {
  std::lock_guard<std::mutex> lock(mu_);
  staleSubs_.erase(id);
  recoveredSubs_.erase(id);
}

void Watchdog::tick(int64_t nowMicros) {
  std::vector<std::pair<std::string, int64_t>> wentStale;
  std::vector<std::string> recovered;
  std::vector<StaleFn> staleFns;
  std::vector<RecoveredFn> recoveredFns;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto &entry : entries_) {
      const int64_t age = nowMicros - entry.second.lastPoll;
      const bool stale = age > staleAfterMicros_;
      if (stale && !entry.second.stale)
        wentStale.emplace_back(entry.first, age / 1000);
      else if (!stale && entry.second.stale)
        recovered.push_back(entry.first);
      entry.second.stale = stale;
    }
    if (wentStale.empty() && recovered.empty())
      return;
    for (const auto &sub : staleSubs_)
      staleFns.push_back(sub.second);
    for (const auto &sub : recoveredSubs_)
      recoveredFns.push_back(sub.second);
  }
  for (const auto &s : wentStale) {
    for (const StaleFn &fn : staleFns)
      fn(s.first, s.second);
  }
  for (const std::string &id : recovered) {
    for (const RecoveredFn &fn : recoveredFns)
      fn(id);
  }
}

std::vector<std::string> Watchdog::staleControllers() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  for (const auto &entry : entries_) {
    if (entry.second.stale)
      out.push_back(entry.first);
  }
  return out;
}

} // namespace histd
