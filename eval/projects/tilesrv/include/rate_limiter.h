// Per-session token bucket for GET requests, with a strike count for clients
// that keep hammering after being throttled.
#pragma once

#include <unordered_map>

#include "common.h"

namespace tilesrv {

class RateLimiter {
public:
  RateLimiter(double ratePerSecond, double burst);

  bool allow(SessionId session, Clock::time_point now);
  unsigned strikes(SessionId session) const;
  void forget(SessionId session);
  void setRate(double ratePerSecond, double burst);

private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point refilled{};
    unsigned strikes = 0;
  };

  double rate_;
  double burst_;
  std::unordered_map<SessionId, Bucket> buckets_;
};

} // namespace tilesrv
