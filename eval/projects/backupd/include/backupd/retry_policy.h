// RetryPolicy: exponential backoff with jitter.
// run(op, recover) calls op() up to maxAttempts() times; between attempts it
// sleeps and calls recover() (typically a reconnect); when recover() returns
// false, or the last attempt failed, the current exception is rethrown.
// Only std::runtime_error (and subclasses) are retried.
#pragma once
#include <chrono>
#include <functional>

namespace backupd {

class RetryPolicy {
public:
  RetryPolicy(int maxAttempts, std::chrono::milliseconds base, std::chrono::milliseconds cap);

  int maxAttempts() const { return maxAttempts_; }
  std::chrono::milliseconds delayFor(int attempt) const;
  void sleepBackoff(int attempt) const;
  void run(const std::function<void()> &op, const std::function<bool()> &recover) const;

private:
  int maxAttempts_;
  std::chrono::milliseconds base_;
  std::chrono::milliseconds cap_;
};

} // namespace backupd
