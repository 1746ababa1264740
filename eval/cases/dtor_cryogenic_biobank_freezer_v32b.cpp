// Hospital biobank: each liquid-nitrogen freezer has a serial controller.
// openFreezer() opens the port, probes it, and on any failure a scope guard
// closes the descriptor; once the probe succeeds the guard is dismissed and
// the descriptor is handed to a FreezerLink, whose UniqueFd member closes it.
// FreezerLink's destructor sends the goodbye frame from its body, before its
// members are destroyed. The sample-movement log is a unique_ptr with an
// fclose deleter that is re-seated at midnight. Negative case: every write
// happens while its descriptor or stream is open, and each one is closed once.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>
#include <utility>

namespace biobank {

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd &&other) noexcept : fd_(other.release()) {}
  UniqueFd &operator=(UniqueFd &&other) noexcept {
    if (this != &other) {
      reset();
      fd_ = other.release();
    }
    return *this;
  }
  ~UniqueFd() { reset(); }
  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_ = -1;
};

class ScopeGuard {
public:
  explicit ScopeGuard(int &fd) : fd_(fd) {}
  ~ScopeGuard() {
    if (armed_)
      ::close(fd_); // OK: dismissed once the link owns the descriptor
  }
  void dismiss() { armed_ = false; }

private:
  int &fd_;
  bool armed_ = true;
};

class FreezerLink {
public:
  explicit FreezerLink(UniqueFd port) : port_(std::move(port)) {}
  FreezerLink(FreezerLink &&) = default;
  ~FreezerLink() {
    if (port_.get() >= 0)
      ::write(port_.get(), "BYE\r\n", 5); // OK: port_ is destroyed after the destructor body
  }
  void setAlarm(int celsius) {
    std::string cmd = "ALARM " + std::to_string(celsius) + "\r\n";
    ::write(port_.get(), cmd.data(), cmd.size());
  }

private:
  UniqueFd port_;
};

std::optional<FreezerLink> openFreezer(const std::string &dev) {
  int fd = ::open(dev.c_str(), O_RDWR | O_NOCTTY);
  if (fd < 0)
    return std::nullopt;
  ScopeGuard guard(fd);
  if (::write(fd, "PING\r\n", 6) != 6)
    return std::nullopt;
  char reply[4] = {};
  if (::read(fd, reply, sizeof reply) != 4) // OK: the guard only closes when the function returns
    return std::nullopt;
  guard.dismiss();
  return FreezerLink(UniqueFd(fd));
}

using MovementLog = std::unique_ptr<std::FILE, int (*)(std::FILE *)>;

void midnightRollover(MovementLog &log, const std::string &nextPath) {
  std::fputs("# rollover\n", log.get());
  log.reset(std::fopen(nextPath.c_str(), "a"));
  if (log)
    std::fputs("# opened after rollover\n", log.get()); // OK: reset closed the old stream and seated the new one
}

void nightShift(const std::string &dev, const std::string &logPath) {
  MovementLog log(std::fopen(logPath.c_str(), "a"), &std::fclose);
  if (!log)
    return;
  std::optional<FreezerLink> freezer = openFreezer(dev);
  if (!freezer) {
    std::fputs("freezer controller unreachable\n", log.get());
    return;
  }
  freezer->setAlarm(-150); // OK
  midnightRollover(log, logPath + ".next");
  if (log)
    std::fputs("alarm set to -150C\n", log.get()); // OK
}

} // namespace biobank
