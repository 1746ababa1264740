// Session: the client side of one proxied connection.
#include "sqlproxy/Session.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace sqlproxy {

Session::Session(uint64_t id, int clientFd, wire::StartupInfo info, std::size_t maxResultBytes)
    : id_(id), info_(std::move(info)), maxResultBytes_(maxResultBytes), clientFd_(clientFd) {}

Session::~Session() {
  if (clientFd_ >= 0)
    ::close(clientFd_); // SAME: sess_dtor
}

int Session::fd() const {
  std::lock_guard<std::mutex> lk(mu_);
  return clientFd_;
}

bool Session::isIdle() const {
  std::lock_guard<std::mutex> lk(mu_);
  return phase_ == Phase::Idle;
}

bool Session::closed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return phase_ == Phase::Closed;
}

bool Session::tryMarkBusy() {
  std::lock_guard<std::mutex> lk(mu_);
  if (phase_ != Phase::Idle)
    return false;
  phase_ = Phase::Busy;
  return true;
}

void Session::markIdle() {
  std::lock_guard<std::mutex> lk(mu_);
  if (phase_ == Phase::Busy)
    phase_ = Phase::Idle;
}

std::optional<wire::Message> Session::readMessage() {
  int fd = -1;
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (phase_ == Phase::Closed)
      throw std::logic_error("readMessage: session " + std::to_string(id_) + " is closed");
    fd = clientFd_;
  }
  // Read without the lock: a slow client must not block a worker's reply.
  return wire::readMessage(fd);
}

void Session::writeLocked(const std::string &frame) {
  if (phase_ == Phase::Closed)
    throw std::logic_error("session " + std::to_string(id_) + " is closed");
  if (!wire::writeAll(clientFd_, frame))
    throw ClientIoError("session " + std::to_string(id_) + ": " + std::strerror(errno));
}

void Session::reply(const std::string &frame) {
  std::lock_guard<std::mutex> lk(mu_);
  writeLocked(frame);
}

bool Session::sendError(const std::string &sqlstate, const std::string &message) {
  std::lock_guard<std::mutex> lk(mu_);
  if (phase_ == Phase::Closed)
    return false;
  try {
    writeLocked(wire::errorResponse(sqlstate, message)); // OK: checked under the same lock that close() takes
    writeLocked(wire::readyForQuery('I'));
  } catch (const ClientIoError &) {
    return false;
  }
  return true;
}

void Session::abortLocked(const std::string &reason) {
  phase_ = Phase::Closed;
  wire::sendErrorAndClose(clientFd_, "54000", reason);
}

void Session::deliver(const QueryResult &result) {
  std::lock_guard<std::mutex> lk(mu_);
  if (phase_ == Phase::Closed)
    return; // the client went away while the query ran
  std::size_t sent = 0;
  writeLocked(wire::rowDescription(result.columns));
  for (const auto &row : result.rows) {
    for (const auto &value : row)
      sent += value.size();
    if (sent > maxResultBytes_) {
      abortLocked("result exceeds the proxy limit of " + std::to_string(maxResultBytes_) +
                  " bytes");
      break;
    }
    writeLocked(wire::dataRow(row));
  }
  writeLocked(wire::commandComplete(result.tag)); // BUG: use-after-close
  writeLocked(wire::readyForQuery('I'));
}

void Session::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (phase_ == Phase::Closed)
    return;
  phase_ = Phase::Closed;
  wire::closeQuietly(clientFd_);
}

} // namespace sqlproxy
