// CodecLink: a TCP session with an IP audio codec. Frames go out length-
// prefixed; cue text goes out as "CUE <text>" lines. negotiate() hangs up on
// a codec that rejects the profile, so callers must check its result.
// Correct as written: every use checks sock_ under the lock and close() is
// idempotent, so the destructor after an explicit close() does nothing.
#include "codec_tie.h"

#include <arpa/inet.h>
#include <cstring>
#include <netdb.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

CodecLink::CodecLink(std::string site, std::string host, uint16_t port)
    : site_(std::move(site)), host_(std::move(host)), port_(port) {}

CodecLink::~CodecLink() {
  close(); // OK: close() returns early when the socket is already gone
}

bool CodecLink::connect() {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  const std::string service = std::to_string(port_);
  if (::getaddrinfo(host_.c_str(), service.c_str(), &hints, &found) != 0)
    return false;
  int sock = -1;
  for (addrinfo *ai = found; ai; ai = ai->ai_next) {
    sock = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
                    ai->ai_protocol);
    if (sock < 0)
      continue;
    if (::connect(sock, ai->ai_addr, ai->ai_addrlen) == 0)
      break;
    ::close(sock);
    sock = -1;
  }
  ::freeaddrinfo(found);
  if (sock < 0)
    return false;
  std::lock_guard<std::mutex> lock(mu_);
  sock_ = sock;
  lastHeard_ = std::chrono::steady_clock::now();
  return true;
}

bool CodecLink::negotiate(const std::string &profile) {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0)
    return false;
  const std::string hello = "PROFILE " + profile + "\r\n";
  writeAllLocked(hello.data(), hello.size());
  char reply[64] = {};
  const ssize_t n = ::recv(sock_, reply, sizeof reply - 1, 0);
  if (n <= 0 || std::strncmp(reply, "OK", 2) != 0) {
    ::close(sock_);
    sock_ = -1;
    return false;
  }
  lastHeard_ = std::chrono::steady_clock::now();
  return true;
}

void CodecLink::sendFrame(const std::vector<uint8_t> &frame) {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0)
    throw std::runtime_error("codec link to " + site_ + " closed");
  const uint32_t len = htonl(static_cast<uint32_t>(frame.size()));
  writeAllLocked(&len, sizeof len);
  writeAllLocked(frame.data(), frame.size());
}

void CodecLink::sendCue(const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0)
    throw std::runtime_error("codec link to " + site_ + " closed, cue lost");
  const std::string line = "CUE " + text + "\r\n";
  writeAllLocked(line.data(), line.size());
}

void CodecLink::writeAllLocked(const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::send(sock_, p, len, MSG_NOSIGNAL);
    if (n < 0)
      throw std::runtime_error("codec link to " + site_ + ": " +
                               std::strerror(errno));
    p += n;
    len -= static_cast<std::size_t>(n);
  }
}

void CodecLink::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0)
    return;
  ::shutdown(sock_, SHUT_RDWR);
  ::close(sock_);
  sock_ = -1;
}

bool CodecLink::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sock_ >= 0;
}

bool CodecLink::alive() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0)
    return false;
  pollfd pfd{sock_, POLLIN, 0};
  if (::poll(&pfd, 1, 0) < 0)
    return false;
  return (pfd.revents & (POLLHUP | POLLERR)) == 0;
}
