// Move-only owner of a POSIX file descriptor.
//
// close() closes the descriptor and leaves the wrapper empty (get() == -1);
// close() on an empty wrapper does nothing, so close() is idempotent.
// release() hands the descriptor over without closing it. The destructor
// closes a descriptor that is still owned.
#pragma once

namespace ingestd {

class UniqueFd {
public:
  UniqueFd() noexcept = default;
  explicit UniqueFd(int fd) noexcept;
  ~UniqueFd();

  UniqueFd(UniqueFd &&other) noexcept;
  UniqueFd &operator=(UniqueFd &&other) noexcept;
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  int release() noexcept;
  void reset(int fd = -1) noexcept;
  void close() noexcept;

private:
  int fd_ = -1;
};

} // namespace ingestd
