// goniod — TtyMux: the hutch's serial multiplexer. Lines are kept in a
// std::map of name -> (descriptor, device); components get a TtyLease on a
// duplicated descriptor; a line can be hung up and reopened (beam dumps), or
// retired for good; broadcast() writes to every line still held.
#include "ttymux.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

#include "elog.h"

namespace goniod {

namespace {

int open_tty(const std::string &device) {
  const int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open tty " + device);
  return fd;
}

} // namespace

// ---- TtyLease -------------------------------------------------------------

TtyLease::TtyLease(int fd, std::string device) : fd_(fd), device_(std::move(device)) {}

TtyLease::TtyLease(TtyLease &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)), device_(std::move(other.device_)) {}

TtyLease &TtyLease::operator=(TtyLease &&other) noexcept {
  if (this != &other) {
    reset();
    fd_ = std::exchange(other.fd_, -1);
    device_ = std::move(other.device_);
  }
  return *this;
}

TtyLease::~TtyLease() { reset(); }

void TtyLease::reset() {
  if (fd_ < 0)
    return;
  ::close(std::exchange(fd_, -1)); // OK: moved-from and reset leases hold -1
}

void TtyLease::send(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("tty lease on " + device_ + " is not held");
  const std::string out = line + "\r";
  if (::write(fd_, out.data(), out.size()) != static_cast<ssize_t>(out.size()))
    throw std::system_error(errno, std::generic_category(), "write " + device_);
}

std::string TtyLease::receive() {
  if (fd_ < 0)
    throw std::runtime_error("tty lease on " + device_ + " is not held");
  std::string reply;
  char c = 0;
  while (::read(fd_, &c, 1) == 1 && c != '\r')
    reply.push_back(c);
  return reply;
}

// ---- TtyMux ---------------------------------------------------------------

TtyMux::~TtyMux() {
  for (auto &[name, line] : lines_)
    if (line.first >= 0)
      ::close(line.first); // BUG: double-close
}

void TtyMux::add(const std::string &name, const std::string &device) {
  const int fd = open_tty(device);
  std::lock_guard<std::mutex> lk(mu_);
  lines_[name] = {fd, device};
}

TtyLease TtyMux::lease(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  const auto &[fd, device] = lines_.at(name);
  if (fd < 0)
    throw std::runtime_error("tty line " + name + " is hung up");
  const int dup_fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (dup_fd < 0)
    throw std::system_error(errno, std::generic_category(), "lease tty " + name);
  return TtyLease(dup_fd, device);
}

void TtyMux::hangup(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  auto &[fd, device] = lines_.at(name);
  if (fd < 0)
    return;
  ::close(fd);
  fd = -1;
}

void TtyMux::retire(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  auto [fd, device] = lines_.at(name);
  if (fd < 0)
    return;
  ::close(fd);
  fd = -1;
  elog().append("tty line " + name + " (" + device + ") retired");
}

void TtyMux::reopen(const std::string &name) {
  std::lock_guard<std::mutex> lk(mu_);
  auto &[fd, device] = lines_.at(name);
  if (fd >= 0)
    return;
  fd = open_tty(device);
}

void TtyMux::broadcast(const std::string &text) {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &[name, line] : lines_) {
    if (line.first < 0)
      continue;
    if (::write(line.first, text.data(), text.size()) < 0) // SAME: mux_retire
      std::fprintf(stderr, "goniod: broadcast to %s failed: %s\n", name.c_str(),
                   std::strerror(errno));
  }
}

} // namespace goniod
