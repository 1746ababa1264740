// RetryPolicy: see retry_policy.h.
#include "backupd/retry_policy.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <thread>

namespace backupd {

RetryPolicy::RetryPolicy(int maxAttempts, std::chrono::milliseconds base,
                         std::chrono::milliseconds cap)
    : maxAttempts_(std::max(1, maxAttempts)), base_(base), cap_(cap) {}

std::chrono::milliseconds RetryPolicy::delayFor(int attempt) const {
  const int shift = std::min(attempt - 1, 16);
  const auto raw = base_ * (1LL << std::max(shift, 0));
  const auto capped = std::min<std::chrono::milliseconds>(raw, cap_);
  thread_local std::mt19937 rng{std::random_device{}()};
  std::uniform_int_distribution<long long> jitter(0, capped.count() / 4 + 1);
  return capped + std::chrono::milliseconds(jitter(rng));
}

void RetryPolicy::sleepBackoff(int attempt) const { std::this_thread::sleep_for(delayFor(attempt)); }

void RetryPolicy::run(const std::function<void()> &op, const std::function<bool()> &recover) const {
  for (int attempt = 1;; ++attempt) {
    try {
      op();
      return;
    } catch (const std::runtime_error &) {
      if (attempt >= maxAttempts_)
        throw;
      sleepBackoff(attempt);
      if (!recover())
        throw;
    }
  }
}

} // namespace backupd
