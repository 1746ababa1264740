// Violin workshop varnish booth: a session with the booth controller keeps the
// extractor fan running for as long as instruments are curing under the UV
// lamps; the lamp driver is a character device opened per cure cycle, and
// each instrument's varnish coat log is an stdio file owned by a unique_ptr.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() { fn_(); }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
};

class BoothSocket {
public:
  explicit BoothSocket(int fd) : fd_(fd) {}
  ~BoothSocket() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  BoothSocket(const BoothSocket &) = delete;
  BoothSocket &operator=(const BoothSocket &) = delete;

  int fd() const { return fd_; }
  void hangUp() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

private:
  int fd_;
};

// Spins the extractor up on construction and back down when destroyed.
class ExtractorFanLease {
public:
  explicit ExtractorFanLease(int controlFd) : fd_(controlFd) {
    ::write(fd_, "FAN ON\n", 7);
  }
  ~ExtractorFanLease() {
    ::write(fd_, "FAN OFF\n", 8); // BUG: use-after-close
  }
  ExtractorFanLease(const ExtractorFanLease &) = delete;
  ExtractorFanLease &operator=(const ExtractorFanLease &) = delete;

private:
  int fd_;
};

class VarnishSession {
public:
  explicit VarnishSession(int controlFd) : sock_(controlFd), fan_(sock_.fd()) {}
  ~VarnishSession() {
    ::write(sock_.fd(), "BYE\n", 4); // OK
    sock_.hangUp();
  }

  void setBoothTemp(int celsius) {
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "TEMP %d\n", celsius);
    ::write(sock_.fd(), cmd, static_cast<std::size_t>(n));
  }

private:
  BoothSocket sock_;
  ExtractorFanLease fan_;
};

bool runCureCycle(const char *lampDev, int minutes) {
  int fd = ::open(lampDev, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ScopeExit closeLamp([fd] {
    ::close(fd); // BUG: double-close
  });
  if (::write(fd, "UV ON\n", 6) != 6) {
    std::perror("lamp driver");
    ::close(fd);
    return false;
  }
  for (int m = 0; m < minutes; ++m) {
    ::sleep(60);
    if (::write(fd, "UV KEEP\n", 8) != 8) // OK
      return false;
  }
  return ::write(fd, "UV OFF\n", 7) == 7; // OK
}

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

bool logCoat(const std::string &path, const std::string &instrument, int coat) {
  std::unique_ptr<FILE, FileCloser> log(std::fopen(path.c_str(), "a"));
  if (!log)
    return false;
  std::fprintf(log.get(), "%s coat %d\n", instrument.c_str(), coat);
  FILE *f = log.release();
  if (std::fflush(f) != 0) { // OK
    std::fclose(f);
    return false;
  }
  return std::fclose(f) == 0; // OK
}

void curingDay(int boothFd, const char *lampDev) {
  VarnishSession session(boothFd);
  session.setBoothTemp(24);
  logCoat("/srv/workshop/coats.log", "violin #412", 3);
  runCureCycle(lampDev, 40);
}
