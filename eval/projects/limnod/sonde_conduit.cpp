// SondeConduit: one TCP socket to an instrument, guard-and-throw style. Every use
// checks the descriptor and throws once the conduit is closed; close() throws when
// called on a closed conduit so that a double close shows up in the field logs
// instead of closing a descriptor number that another thread has been handed since.
// Negative: the destructor only closes a descriptor close() has not released, and
// retireSondeConduit() closes only a conduit that is up.
#include "sonde_conduit.h"
#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

SondeConduit::SondeConduit(std::string host, int port) : host_(std::move(host)), port_(port) {}

SondeConduit::~SondeConduit() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() sets fd_ to -1, so only a conduit still open is closed here
}

bool SondeConduit::connect() {
  if (fd_ >= 0)
    return true;
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return false;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port_));
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return false;
  }
  fd_ = fd;
  return true;
}

void SondeConduit::command(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("sonde conduit closed: " + host_);
  const std::string framed = line + "\r\n";
  std::size_t off = 0;
  while (off < framed.size()) {
    ssize_t n = ::send(fd_, framed.data() + off, framed.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("sonde write failed: " + host_);
    }
    off += static_cast<std::size_t>(n);
  }
}

std::string SondeConduit::poll() {
  if (fd_ < 0)
    throw std::runtime_error("sonde conduit closed: " + host_);
  std::string line;
  for (;;) {
    char c = 0;
    ssize_t n = ::recv(fd_, &c, 1, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw std::runtime_error("sonde hung up: " + host_);
    if (c == '\n')
      break;
    if (c != '\r')
      line.push_back(c);
  }
  return line;
}

void SondeConduit::close() {
  if (fd_ < 0)
    throw std::logic_error("sonde conduit closed twice: " + host_);
  const int fd = fd_;
  fd_ = -1;
  ::close(fd);
}

void retireSondeConduit(std::unique_ptr<SondeConduit> conduit, const std::string &why) {
  if (!conduit)
    return;
  if (conduit->up()) {
    try {
      conduit->command("BYE");
    } catch (const std::runtime_error &) {
      // the instrument is already gone; closing is all that is left
    }
    conduit->close(); // OK: a failed BYE does not close the conduit, and it was up
  }
  std::fprintf(stderr, "limnod: retired %s:%d (%s)\n", conduit->host().c_str(), conduit->port(),
               why.c_str());
}
