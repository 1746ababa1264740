// SmtpConnection: SMTP client session over a POSIX socket (see smtp_connection.h).
#include "mailq/smtp_connection.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace mailq {

SmtpConnection::SmtpConnection(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port) {}

SmtpConnection::~SmtpConnection() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() sets fd_ to -1, so this only runs for an open socket
}

void SmtpConnection::connect() {
  if (fd_ >= 0)
    throw std::logic_error("SmtpConnection::connect: already connected to " + host_);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  const std::string port = std::to_string(port_);
  const int rc = ::getaddrinfo(host_.c_str(), port.c_str(), &hints, &res);
  if (rc != 0)
    throw std::runtime_error("resolve " + host_ + ": " + ::gai_strerror(rc));

  int fd = -1;
  int err = 0;
  bool connected = false;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
      err = errno;
      continue;
    }
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
      connected = true;
      break;
    }
    err = errno;
    ::close(fd);
  }
  ::freeaddrinfo(res);
  if (!connected) {
    if (fd >= 0)
      ::close(fd); // BUG: double-close
    throw std::system_error(err, std::generic_category(), "connect " + host_);
  }
  fd_ = fd;
  state_ = State::Connected;
  rbuf_.clear();
  lastUsed_ = Clock::now();
}

void SmtpConnection::send(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("smtp connection to " + host_ + " is closed");
  const std::string wire = line + "\r\n";
  const char *p = wire.data();
  std::size_t left = wire.size();
  while (left > 0) {
    const ssize_t n = ::send(fd_, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "send to " + host_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  lastUsed_ = Clock::now();
}

std::string SmtpConnection::readLine() {
  for (;;) {
    const std::size_t pos = rbuf_.find("\r\n");
    if (pos != std::string::npos) {
      std::string line = rbuf_.substr(0, pos);
      rbuf_.erase(0, pos + 2);
      return line;
    }
    char buf[1024];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n == 0)
      throw std::runtime_error("connection closed by " + host_);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "recv from " + host_);
    }
    rbuf_.append(buf, static_cast<std::size_t>(n));
  }
}

SmtpReply SmtpConnection::readReply() {
  if (fd_ < 0)
    throw std::runtime_error("smtp connection to " + host_ + " is closed");
  SmtpReply reply;
  for (;;) {
    const std::string line = readLine();
    if (line.size() < 3)
      throw std::runtime_error("malformed reply from " + host_ + ": " + line);
    reply.code = std::stoi(line.substr(0, 3));
    if (line.size() > 4) {
      if (!reply.text.empty())
        reply.text += ' ';
      reply.text += line.substr(4);
    }
    if (line.size() == 3 || line[3] == ' ')
      break;
  }
  lastUsed_ = Clock::now();
  return reply;
}

SmtpReply SmtpConnection::command(const std::string &line) {
  send(line);
  return readReply();
}

void SmtpConnection::quit() {
  send("QUIT");
  try {
    readReply(); // 221; some servers simply hang up
  } catch (const std::exception &) {
  }
  close();
}

void SmtpConnection::close() {
  if (fd_ < 0)
    throw std::logic_error("SmtpConnection::close: connection to " + host_ +
                           " already closed");
  const int fd = std::exchange(fd_, -1);
  state_ = State::Closed;
  rbuf_.clear();
  ::close(fd);
}

} // namespace mailq
