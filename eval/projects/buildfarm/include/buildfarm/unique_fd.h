// Owning wrapper for one POSIX descriptor.
#pragma once

namespace buildfarm {

// Owns one descriptor. close() closes it and leaves the object empty; close()
// on an empty UniqueFd does nothing, so it is idempotent. The destructor
// closes whatever is still owned. Moving transfers ownership and leaves the
// source empty. get() on an empty UniqueFd returns -1. release() gives the
// descriptor up without closing it.
class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) noexcept;
  UniqueFd(UniqueFd &&other) noexcept;
  UniqueFd &operator=(UniqueFd &&other) noexcept;
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;
  ~UniqueFd();

  int get() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  explicit operator bool() const noexcept { return valid(); }

  int release() noexcept;
  void reset(int fd = -1) noexcept;
  void close() noexcept;

private:
  int fd_ = -1;
};

} // namespace buildfarm
