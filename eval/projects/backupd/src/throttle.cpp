// Throttle: see throttle.h (acquire() returns false once closed).
#include "backupd/throttle.h"

#include <algorithm>

namespace backupd {

Throttle::Throttle(std::uint64_t bytesPerSecond)
    : rate_(bytesPerSecond), last_(std::chrono::steady_clock::now()) {}

void Throttle::refillLocked() {
  const auto now = std::chrono::steady_clock::now();
  const double secs = std::chrono::duration<double>(now - last_).count();
  last_ = now;
  tokens_ = std::min<double>(tokens_ + secs * static_cast<double>(rate_),
                             static_cast<double>(rate_)); // at most one second of burst
}

bool Throttle::acquire(std::uint64_t bytes) {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (closed_)
      return false;
    if (rate_ == 0)
      return true;
    refillLocked();
    // A request larger than the burst is let through once the bucket is full.
    const double need = std::min<double>(static_cast<double>(bytes), static_cast<double>(rate_));
    if (tokens_ >= need) {
      tokens_ -= need;
      return true;
    }
    const double missing = need - tokens_;
    const auto wait = std::chrono::duration<double>(missing / static_cast<double>(rate_));
    cv_.wait_for(lock, std::chrono::duration_cast<std::chrono::milliseconds>(wait) +
                           std::chrono::milliseconds(1));
  }
}

void Throttle::setRate(std::uint64_t bytesPerSecond) {
  std::lock_guard<std::mutex> lock(mu_);
  refillLocked();
  rate_ = bytesPerSecond;
  cv_.notify_all();
}

void Throttle::close() {
  std::lock_guard<std::mutex> lock(mu_);
  closed_ = true;
  cv_.notify_all();
}

} // namespace backupd
