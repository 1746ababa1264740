// Rate limiting of outbound deliveries per destination host.
//
// TokenBucket<Key>: one token bucket per key, refilled at `rate` tokens per
// second up to `burst`. tryTake() takes a token if one is available.
// reconfigure() changes rate and burst for every key. Thread-safe.
//
// HostLimiter: the TokenBucket used by the delivery agent, configured from
// Config and reconfigured when the config is reloaded.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "mailq/config.h"

namespace mailq {

template <typename Key, typename Clock = std::chrono::steady_clock>
class TokenBucket {
public:
  TokenBucket(double rate, double burst) : rate_(rate), burst_(burst) {}

  bool tryTake(const Key &key) {
    std::lock_guard<std::mutex> lk(mu_);
    const typename Clock::time_point now = Clock::now();
    Bucket &b = buckets_.try_emplace(key, Bucket{burst_, now}).first->second;
    const double elapsed = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + elapsed * rate_);
    b.last = now;
    if (b.tokens < 1.0)
      return false;
    b.tokens -= 1.0;
    return true;
  }

  void reconfigure(double rate, double burst) {
    std::lock_guard<std::mutex> lk(mu_);
    rate_ = rate;
    burst_ = burst;
  }

  std::size_t keys() const {
    std::lock_guard<std::mutex> lk(mu_);
    return buckets_.size();
  }

private:
  struct Bucket {
    double tokens;
    typename Clock::time_point last;
  };
  mutable std::mutex mu_;
  std::unordered_map<Key, Bucket> buckets_;
  double rate_;
  double burst_;
};

class HostLimiter {
public:
  explicit HostLimiter(const Config &cfg);
  bool tryAcquire(const std::string &host);
  void configure(const Config &cfg);
  std::size_t trackedHosts() const { return buckets_.keys(); }

private:
  static std::string normalize(const std::string &host);
  TokenBucket<std::string> buckets_;
};

} // namespace mailq
