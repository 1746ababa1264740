// Token-bucket rate limiting per session.
#include "rate_limiter.h"

#include <algorithm>

namespace tilesrv {

RateLimiter::RateLimiter(double ratePerSecond, double burst) : rate_(ratePerSecond), burst_(burst) {}

bool RateLimiter::allow(SessionId session, Clock::time_point now) {
  auto [it, inserted] = buckets_.try_emplace(session);
  Bucket &bucket = it->second;
  if (inserted) {
    bucket.tokens = burst_;
    bucket.refilled = now;
  } else {
    const double elapsed = std::chrono::duration<double>(now - bucket.refilled).count();
    bucket.tokens = std::min(burst_, bucket.tokens + elapsed * rate_);
    bucket.refilled = now;
  }
  if (bucket.tokens >= 1.0) {
    bucket.tokens -= 1.0;
    if (bucket.strikes > 0 && bucket.tokens >= burst_ / 2)
      --bucket.strikes;
    return true;
  }
  ++bucket.strikes;
  return false;
}

unsigned RateLimiter::strikes(SessionId session) const {
  auto it = buckets_.find(session);
  return it == buckets_.end() ? 0 : it->second.strikes;
}

void RateLimiter::forget(SessionId session) { buckets_.erase(session); }

void RateLimiter::setRate(double ratePerSecond, double burst) {
  rate_ = ratePerSecond;
  burst_ = burst;
}

} // namespace tilesrv
