// LockedFile: adopts a descriptor and holds an exclusive flock() on it for
// the lifetime of the object. The destructor unlocks and closes the
// descriptor.
#pragma once

namespace fleetd {

class LockedFile {
public:
  explicit LockedFile(int fd);
  ~LockedFile();
  LockedFile(const LockedFile &) = delete;
  LockedFile &operator=(const LockedFile &) = delete;

  int fd() const { return fd_; }

private:
  int fd_;
};

} // namespace fleetd
