// ProviderConnection: one authenticated TCP session with a push provider.
// Protocol: open() moves Idle -> Open; an I/O error moves Open -> Broken (the
// socket is closed, later calls throw std::system_error); close() moves any
// state to Closed, sending QUIT first, and throws std::logic_error when the
// connection is already Closed (closing twice is a lifecycle error of the
// owner: close() is deliberately not idempotent). send(), sendControl() and
// ping() throw ConnectionClosed after close().
// Bug (double-close) in open(): net::handshake() already closes the socket
// when the provider rejects the client (net.h says so); open() closes it a
// second time on that error path. Other threads of the gateway open sockets
// and files all the time, so the number may already belong to someone else,
// whose descriptor this closes.
// Correct in the destructor: close() is called only when the state is not Closed.
#include "pushgw/provider_connection.h"

#include <atomic>
#include <cerrno>
#include <system_error>
#include <unistd.h>

#include "pushgw/net.h"

namespace pushgw {
namespace {
std::atomic<std::uint64_t> nextConnectionId{1};
}

ConnectionClosed::ConnectionClosed(const std::string &tenant, std::uint64_t id)
    : std::logic_error("provider connection " + std::to_string(id) + " (" +
                       tenant + ") is closed") {}

DeliveryRejected::DeliveryRejected(const std::string &why)
    : std::runtime_error(why) {}

ProviderConnection::ProviderConnection(std::string tenant, Endpoint endpoint,
                                       std::string apiKey)
    : tenant_(std::move(tenant)), endpoint_(std::move(endpoint)),
      apiKey_(std::move(apiKey)), id_(nextConnectionId++) {}

ProviderConnection::~ProviderConnection() {
  if (state_ != State::Closed)
    close(); // OK: guarded by the state; close() only throws when Closed
}

void ProviderConnection::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Idle)
    throw std::logic_error("ProviderConnection::open: connection " +
                           std::to_string(id_) + " was already used");
  const int fd = net::openTcp(endpoint_.host, endpoint_.port);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(),
                            "connect " + endpoint_.host + ":" +
                                std::to_string(endpoint_.port));
  if (net::handshake(fd, tenant_, apiKey_) < 0) {
    const int err = errno;
    ::close(fd); // BUG: double-close
    throw std::system_error(err, std::generic_category(),
                            "handshake with " + endpoint_.host + " for " + tenant_);
  }
  fd_ = fd;
  state_ = State::Open;
}

void ProviderConnection::requireOpenLocked(const char *op) const {
  switch (state_) {
  case State::Open:
    return;
  case State::Broken:
    throw std::system_error(ENOTCONN, std::generic_category(),
                            std::string(op) + ": connection is broken");
  case State::Idle:
    throw std::logic_error(std::string(op) + " before open()");
  case State::Closed:
    throw ConnectionClosed(tenant_, id_);
  }
}

void ProviderConnection::markBrokenLocked() {
  ::close(fd_);
  fd_ = -1;
  state_ = State::Broken;
}

void ProviderConnection::breakLocked(int err, const char *op) {
  markBrokenLocked();
  throw std::system_error(err, std::generic_category(),
                          std::string(op) + " to " + endpoint_.host);
}

void ProviderConnection::send(const Notification &n) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("send");
  if (!net::writeAll(fd_, encodeFrame(n)))
    breakLocked(errno, "send");
  std::string reply;
  if (!net::readLine(fd_, reply))
    breakLocked(errno, "send (waiting for ACK)");
  if (reply.rfind("ACK ", 0) != 0)
    throw DeliveryRejected("provider refused " + n.id + ": " + reply);
}

void ProviderConnection::sendControl(const std::string &line) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("sendControl");
  if (!net::writeAll(fd_, "CTRL " + line + "\n"))
    breakLocked(errno, "sendControl");
}

bool ProviderConnection::ping() {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("ping");
  std::string reply;
  if (!net::writeAll(fd_, "PING\n") || !net::readLine(fd_, reply)) {
    markBrokenLocked();
    return false;
  }
  return reply == "PONG";
}

void ProviderConnection::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Closed)
    throw std::logic_error("ProviderConnection::close: connection " +
                           std::to_string(id_) + " (" + tenant_ +
                           ") closed twice");
  if (fd_ >= 0) {
    net::writeAll(fd_, "QUIT\n"); // best effort: frees the provider's session slot
    ::close(fd_);
    fd_ = -1;
  }
  state_ = State::Closed;
}

bool ProviderConnection::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ == State::Open;
}

bool ProviderConnection::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ == State::Closed;
}

ProviderConnection::State ProviderConnection::state() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_;
}

} // namespace pushgw
