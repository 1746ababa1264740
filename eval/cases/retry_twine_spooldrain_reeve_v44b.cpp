// Twine spool shipper of a ropewalk. Spool records are written to a
// non-blocking pipe read by the yard's logging daemon: writeAll() retries on
// EINTR and waits with poll() on EAGAIN. When the daemon goes away the pipe is
// closed, set to -1 and reconnected once. The daily spool file is closed once
// through closeDailySpool(), which takes the pointer out with std::exchange;
// a failed fclose() is reported and not retried, since C disassociates the
// stream whether or not fclose() succeeds.
// No bug: every close is of a descriptor or stream that is not used again.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <string>
#include <unistd.h>
#include <utility>

namespace ropewalk {

static bool writeAll(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t n = ::write(fd, data, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        pollfd slot{fd, POLLOUT, 0};
        if (::poll(&slot, 1, 1000) <= 0)
          return false;
        continue;
      }
      return false;
    }
    data += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

class SpoolShipper {
public:
  explicit SpoolShipper(std::string fifoPath) : fifoPath_(std::move(fifoPath)) {}
  ~SpoolShipper() {
    if (pipeFd_ >= 0)
      ::close(pipeFd_); // OK: a failed ship() set pipeFd_ to -1 after its close
  }

  bool ship(const std::string &record) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (pipeFd_ < 0 && !connect())
        return false;
      if (writeAll(pipeFd_, record.data(), record.size())) // OK: reconnected after the close below
        return true;
      ::close(pipeFd_); // OK: each attempt closes the descriptor connect() just opened
      pipeFd_ = -1;
    }
    return false;
  }

private:
  bool connect() {
    pipeFd_ = ::open(fifoPath_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    return pipeFd_ >= 0;
  }

  std::string fifoPath_;
  int pipeFd_ = -1;
};

bool closeDailySpool(FILE *&spool, std::string &error) {
  if (spool == nullptr)
    return true;
  FILE *stream = std::exchange(spool, nullptr);
  if (std::fclose(stream) != 0) {
    error = std::strerror(errno);
    return false;
  }
  return true;
}

struct DailySpool {
  FILE *file = nullptr;
  ~DailySpool() {
    std::string ignored;
    closeDailySpool(file, ignored); // OK: does nothing once endOfDay() took the stream
  }
};

// The fclose() result is reported to the yard daemon; the close is not
// repeated.
int endOfDay(DailySpool &spool, SpoolShipper &shipper) {
  std::string error;
  if (closeDailySpool(spool.file, error))
    return 0;
  shipper.ship("spool close failed: " + error + "\n");
  return 1;
}

} // namespace ropewalk
