// LiftLink: the drive-PLC link. Every operation checks the state under the
// link's mutex; the destructor closes only a link that is not yet closed.
#include "lift_link.h"

#include <poll.h>
#include <unistd.h>

#include <stdexcept>
#include <utility>

#include "fd_util.h"

namespace liftops {

LiftLink::LiftLink(std::string liftId, std::string host, int port)
    : liftId_(std::move(liftId)), host_(std::move(host)), port_(port) {}

LiftLink::~LiftLink() {
  if (isOpen()) {
    try {
      close(); // OK: only a link that is still open
    } catch (const std::exception &) {
    }
  }
}

Status LiftLink::open() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Open)
    return Status::ok();
  if (state_ == State::Closed)
    return Status::error(Errc::Closed, "lift link " + liftId_ + " was closed; reopen() it");
  int fd = connectTcp(host_, port_);
  if (fd < 0)
    return Status::error(Errc::Io, "cannot reach drive of " + liftId_ + " at " + host_);
  fd_ = fd;
  state_ = State::Open;
  return Status::ok();
}

Status LiftLink::reopen() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (state_ == State::Open)
      return Status::ok();
    state_ = State::Idle;
  }
  return open();
}

void LiftLink::sendCommand(const LiftCommand &command) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != State::Open)
    throw std::runtime_error("lift link " + liftId_ + " is not open, cannot send " +
                             commandName(command.kind));
  if (!writeAll(fd_, encodeCommand(command)))
    throw std::runtime_error("write to drive of " + liftId_ + " failed");
}

std::optional<LiftTelemetry> LiftLink::poll() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != State::Open)
    throw std::runtime_error("lift link " + liftId_ + " is not open, cannot poll");
  return readTelemetryLocked();
}

std::optional<LiftTelemetry> LiftLink::tryPoll() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != State::Open)
    return std::nullopt;
  return readTelemetryLocked();
}

std::optional<LiftTelemetry> LiftLink::readTelemetryLocked() {
  if (!writeAll(fd_, "TELEM\r\n"))
    return std::nullopt;
  pollfd pfd{fd_, POLLIN, 0};
  if (::poll(&pfd, 1, 200) <= 0)
    return std::nullopt;
  char buf[256];
  ssize_t n = ::read(fd_, buf, sizeof buf - 1);
  if (n <= 0)
    return std::nullopt;
  LiftTelemetry telemetry;
  if (!decodeTelemetry(std::string(buf, static_cast<std::size_t>(n)), telemetry))
    return std::nullopt;
  return telemetry;
}

void LiftLink::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    throw std::logic_error("lift link " + liftId_ + " closed twice");
  if (fd_ >= 0)
    closeRetrying(fd_);
  fd_ = -1;
  state_ = State::Closed;
}

bool LiftLink::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ == State::Open;
}

} // namespace liftops
