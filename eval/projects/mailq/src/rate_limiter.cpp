// HostLimiter: per-host delivery rate limiting (see rate_limiter.h).
#include "mailq/rate_limiter.h"

#include <cctype>

namespace mailq {

HostLimiter::HostLimiter(const Config &cfg) : buckets_(cfg.ratePerSecond, cfg.burst) {}

std::string HostLimiter::normalize(const std::string &host) {
  std::string out;
  out.reserve(host.size());
  for (char c : host)
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  while (!out.empty() && out.back() == '.')
    out.pop_back();
  return out;
}

bool HostLimiter::tryAcquire(const std::string &host) {
  return buckets_.tryTake(normalize(host));
}

void HostLimiter::configure(const Config &cfg) {
  buckets_.reconfigure(cfg.ratePerSecond, cfg.burst);
}

} // namespace mailq
