// An advisory lock file (<spool>/.lock) so that two gateways do not consume
// the same spool directory; the holder writes its pid and a heartbeat time
// into it. The BUG/SAME markers are in src/spool_lock.cpp.
#pragma once
#include <string>

namespace pushgw {

class SpoolLock {
public:
  explicit SpoolLock(const std::string &dir);
  ~SpoolLock();
  SpoolLock(const SpoolLock &) = delete;
  SpoolLock &operator=(const SpoolLock &) = delete;

  bool acquire();
  void touch();
  void release();

private:
  const std::string path_;
  int fd_ = -1;
};

} // namespace pushgw
