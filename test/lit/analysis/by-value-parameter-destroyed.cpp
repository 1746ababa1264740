// A by-value parameter of a class that closes in its destructor, moved
// from the caller's object (`archive(std::move(fd))` into `bool
// archive(UniqueFd src)`), is destroyed when the call ends: a copy of the
// descriptor the caller took before (`int raw = fd.get();`) names a closed
// descriptor after the call. A callee that passes the parameter on (moves
// it into a member), or whose body is not seen, may keep it open; the
// moved-from object itself holds nothing and closes nothing.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fcntl.h>
#include <unistd.h>
#include <utility>
#include <vector>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd(const UniqueFd &) = delete;
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

static bool archive(UniqueFd src) {
  char buf[64];
  return ::read(src.get(), buf, sizeof buf) >= 0;
}

class Keeper {
public:
  void adopt(UniqueFd fd) { kept_.push_back(std::move(fd)); }

private:
  std::vector<UniqueFd> kept_;
};

void opaque(UniqueFd fd);

// Positive: archive() destroys the descriptor raw still names.
void stamp(const char *path) {
  UniqueFd profile(::open(path, O_RDWR));
  int raw = profile.get();
  archive(std::move(profile));
  // CHECK: :[[@LINE+1]]:3: warning: call to 'write' on 'raw' that may have been closed
  ::write(raw, "x", 1);
}

// Negative: adopt() keeps it; opaque() is not seen.
void keep(Keeper &k, const char *path) {
  UniqueFd a(::open(path, O_RDWR));
  int rawA = a.get();
  k.adopt(std::move(a));
  ::write(rawA, "x", 1);
  UniqueFd b(::open(path, O_RDWR));
  int rawB = b.get();
  opaque(std::move(b));
  ::write(rawB, "x", 1);
}

// Negative: the moved-from object closes nothing at the end of the scope,
// and a fresh descriptor put into it is open.
bool again(const char *path) {
  UniqueFd profile(::open(path, O_RDONLY));
  if (!archive(std::move(profile)))
    return false;
  profile.reset(::open(path, O_WRONLY | O_APPEND));
  return ::write(profile.get(), "y", 1) == 1;
}
