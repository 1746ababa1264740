// UniqueFd owns one POSIX descriptor and closes it on destruction or reset();
// release() gives the descriptor up without closing it. FdGuard is the
// minimal scope guard some older code still uses for short-lived descriptors.
#pragma once

namespace ferry {

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) noexcept;
  ~UniqueFd();
  UniqueFd(UniqueFd &&other) noexcept;
  UniqueFd &operator=(UniqueFd &&other) noexcept;
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const noexcept;
  int release() noexcept;
  void reset(int fd = -1) noexcept;
  explicit operator bool() const noexcept;

private:
  int fd_ = -1;
};

struct FdGuard {
  int fd;
  ~FdGuard();
};

} // namespace ferry
