// Throttle: token-bucket bandwidth limiter shared by the upload threads.
// acquire(bytes) blocks until the bytes may be sent; once close() ran it
// returns false immediately (it never throws). close() is idempotent and
// wakes every waiter. A rate of 0 means unlimited.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace backupd {

class Throttle {
public:
  explicit Throttle(std::uint64_t bytesPerSecond);
  bool acquire(std::uint64_t bytes);
  void setRate(std::uint64_t bytesPerSecond);
  void close();

private:
  void refillLocked();

  std::mutex mu_;
  std::condition_variable cv_;
  std::uint64_t rate_;
  double tokens_ = 0;
  std::chrono::steady_clock::time_point last_;
  bool closed_ = false;
};

} // namespace backupd
