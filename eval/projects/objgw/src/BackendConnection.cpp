// BackendConnection: one TCP connection to a storage backend.
#include "objgw/BackendConnection.h"

#include "objgw/SocketUtil.h"

#include <cerrno>
#include <stdexcept>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace objgw {

std::shared_ptr<BackendConnection> BackendConnection::open(const Endpoint &ep, int timeoutMs) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "socket");
  if (!netutil::connectFd(fd, ep.host, ep.port, timeoutMs)) {
    const int err = errno;
    ::close(fd); // BUG: double-close
    throw std::system_error(err, std::generic_category(), "connect " + ep.str());
  }
  return std::make_shared<BackendConnection>(fd, ep);
}

BackendConnection::BackendConnection(int fd, Endpoint ep) : fd_(fd), ep_(std::move(ep)) {}

BackendConnection::~BackendConnection() {
  if (!closed_ && fd_ >= 0)
    ::close(fd_); // OK: close() sets closed_, so the socket is released exactly once
}

void BackendConnection::requireOpenLocked(const char *op) const {
  if (closed_)
    throw std::runtime_error(std::string("backend connection closed: cannot ") + op + " on " + ep_.str());
}

bool BackendConnection::requestLocked(const std::string &request, std::string &status) {
  return netutil::sendAll(fd_, request) && netutil::recvLine(fd_, status);
}

bool BackendConnection::put(const std::string &key, const std::string &data) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("put");
  std::string status;
  const std::string request = "PUT " + key + " " + std::to_string(data.size()) + "\n" + data;
  return requestLocked(request, status) && status == "+DONE";
}

std::optional<std::string> BackendConnection::get(const std::string &key) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("get");
  std::string status;
  if (!requestLocked("GET " + key + "\n", status))
    return std::nullopt;
  if (status.rfind("+VALUE ", 0) != 0)
    return std::nullopt;
  std::size_t length = 0;
  try {
    length = std::stoul(status.substr(7));
  } catch (const std::exception &) {
    return std::nullopt;
  }
  std::string body;
  if (!netutil::recvExact(fd_, length, body)) // OK: requireOpenLocked() above, under the same lock close() takes
    return std::nullopt;
  return body;
}

bool BackendConnection::remove(const std::string &key) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("delete");
  std::string status;
  return requestLocked("DEL " + key + "\n", status) && status == "+DONE";
}

bool BackendConnection::ping() {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("ping");
  std::string status;
  return requestLocked("PING\n", status) && status == "+PONG";
}

void BackendConnection::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("BackendConnection::close() called twice for " + ep_.str());
  closed_ = true;
  ::close(fd_); // OK: the closed_ check above lets this run once per connection
  fd_ = -1;
}

bool BackendConnection::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !closed_;
}

} // namespace objgw
