// ClientSession: one client connection (see client_session.h).
#include "kvlog/client_session.h"
#include "kvlog/fd_util.h"

#include <cerrno>
#include <stdexcept>
#include <sys/socket.h>

namespace kvlog {
namespace {
constexpr std::size_t kMaxLine = 1 << 20;
}

ClientSession::ClientSession(int fd, std::uint64_t id) : id_(id), fd_(fd) {}

bool ClientSession::readRequest(std::string &line) {
  for (;;) {
    const std::size_t nl = inbuf_.find('\n');
    if (nl != std::string::npos) {
      line = inbuf_.substr(0, nl);
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      inbuf_.erase(0, nl + 1);
      return true;
    }
    if (inbuf_.size() > kMaxLine)
      return false;
    char buf[4096];
    const ssize_t n = ::recv(fd_.get(), buf, sizeof buf, 0); // OK: close() only shuts the socket down; the descriptor lives as long as the session
    if (n == 0)
      return false;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    inbuf_.append(buf, static_cast<std::size_t>(n));
  }
}

void ClientSession::reply(const std::string &line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("session " + std::to_string(id_) + " closed");
  writeAll(fd_.get(), line + "\r\n"); // OK: closed_ is checked under mu_, and the descriptor lives as long as the session
}

void ClientSession::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  ::shutdown(fd_.get(), SHUT_RDWR);
}

bool ClientSession::closed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

} // namespace kvlog
