// flock()ed pid file held for the daemon's lifetime.
#pragma once
#include <string>

namespace dnscache {

/// acquire() opens, locks and writes the pid (the lock is held as long as
/// fd_ is open). release() unlinks the file and closes fd_ (reset to -1). The
/// destructor closes fd_ if it is still >= 0.
class PidFile {
public:
  explicit PidFile(std::string path);
  ~PidFile();
  PidFile(const PidFile &) = delete;
  PidFile &operator=(const PidFile &) = delete;

  bool acquire();
  void release();

private:
  std::string path_;
  int fd_ = -1;
};

} // namespace dnscache
