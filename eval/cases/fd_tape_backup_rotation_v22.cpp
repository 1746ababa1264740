// Nightly LTO tape backup. The tape drive descriptor is held by a UniqueFd
// (the destructor closes it unless it was released or moved from); the
// finishing step takes the tape by value and closes it itself; the catalogue
// log is redirected onto stdout with dup2() while the archiver runs.
// Negative case: every explicit close is preceded by release() or happens on
// a UniqueFd that is reset to -1, moved-from descriptors are -1 and checked,
// and the writes after close(logFd) go to stdout, which dup2() made an
// independent descriptor for the same file.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace backup {

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o)
      reset(o.release());
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = fd;
  }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

static bool writeAll(int fd, const std::string &data) {
  return ::write(fd, data.data(), data.size()) == static_cast<ssize_t>(data.size());
}

// Writes the end-of-data filemark and closes the drive (rewinding it).
static bool finishTape(UniqueFd tape, const std::string &volume) {
  bool written = writeAll(tape.get(), "EOD " + volume + "\n");
  tape.reset();
  return written;
}

static bool archive(int tapeFd, const std::vector<std::string> &files) {
  for (const auto &f : files)
    if (!writeAll(tapeFd, "FILE " + f + "\n"))
      return false;
  return true;
}

} // namespace backup

int nightlyBackup(const std::vector<std::string> &files, const std::string &volume) {
  int logFd = ::open("/var/log/tape-catalogue.log", O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (logFd < 0)
    return 1;
  int savedStdout = ::dup(STDOUT_FILENO);
  ::dup2(logFd, STDOUT_FILENO);
  ::close(logFd);
  std::fflush(stdout);
  backup::writeAll(STDOUT_FILENO, "catalogue for " + volume + "\n"); // OK: stdout is a dup2() of the log and stays open

  backup::UniqueFd tape(::open("/dev/nst0", O_WRONLY));
  bool archived = tape && backup::archive(tape.get(), files);
  bool finished = tape && backup::finishTape(std::move(tape), volume);
  if (tape)
    backup::writeAll(tape.get(), "unreachable\n"); // OK: tape was moved from, so it is -1

  // Second pass: verify on the rewound drive with a fresh descriptor.
  tape = backup::UniqueFd(::open("/dev/nst0", O_RDONLY));
  if (tape) {
    char header[64];
    ssize_t n = ::read(tape.get(), header, sizeof header); // OK: a new descriptor after the reopen
    backup::writeAll(STDOUT_FILENO, n > 0 ? "verified\n" : "verify failed\n");
    ::close(tape.release()); // OK: released, the destructor will not close it again
  }

  if (savedStdout >= 0) {
    ::dup2(savedStdout, STDOUT_FILENO);
    ::close(savedStdout);
  }
  return archived && finished ? 0 : 2;
} // OK: tape holds -1 here
