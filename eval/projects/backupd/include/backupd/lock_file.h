// LockFile: RAII exclusive lock on a file (open + flock(LOCK_EX|LOCK_NB)).
// The constructor throws std::system_error when the file cannot be opened or
// is locked by another process. release() unlinks the file and closes the
// descriptor (which drops the lock); it is idempotent (fd_ is reset to -1).
// The destructor calls release(). fd() exposes the descriptor so the owner can
// stamp its pid into the file.
#pragma once
#include <string>

namespace backupd {

class LockFile {
public:
  explicit LockFile(std::string path);
  ~LockFile();
  LockFile(const LockFile &) = delete;
  LockFile &operator=(const LockFile &) = delete;

  int fd() const { return fd_; }
  void release();

private:
  std::string path_;
  int fd_ = -1;
};

} // namespace backupd
