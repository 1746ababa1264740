// UniqueFd: move-only owner of a POSIX descriptor. The descriptor is closed
// by the destructor and by reset(); release() gives up ownership.
#pragma once

namespace bmsd {

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd();

  UniqueFd(UniqueFd &&other) noexcept;
  UniqueFd &operator=(UniqueFd &&other) noexcept;
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  explicit operator bool() const { return valid(); }

  int release();
  void reset(int fd = -1);

private:
  int fd_ = -1;
};

} // namespace bmsd
