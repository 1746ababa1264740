// TcpScreeningLink: control connection to one HBS machine. submit() sends
// "SCAN <tag>" and waits (SO_RCVTIMEO) for the verdict. A timeout leaves the
// connection up and throws LinkTimeout; a lost peer makes submit() drop the
// socket itself and throw LinkDown. Correct as written: sock_ is reset to -1
// on every close, under the link's mutex, and checked before each use.
#include "tcp_screening_link.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

TcpScreeningLink::TcpScreeningLink(std::string host, int port) : host_(std::move(host)), port_(port) {}

TcpScreeningLink::~TcpScreeningLink() {
  if (sock_ >= 0) ::close(sock_); // OK: only a socket nobody disconnected
}

Status TcpScreeningLink::connect() {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ >= 0) return Status::Ok();
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return Status::Error(StatusCode::IoError, std::strerror(errno));
  timeval tv{2, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return Status::Error(StatusCode::IoError, "HBS " + peer() + " unreachable");
  }
  sock_ = fd;
  return Status::Ok();
}

ScreenVerdict TcpScreeningLink::submit(const std::string& tag) {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0) throw std::runtime_error("screening link " + peer() + " disconnected");
  std::string request = "SCAN " + tag + "\n";
  if (::send(sock_, request.data(), request.size(), MSG_NOSIGNAL) < 0) {
    int err = errno;
    if (err == EAGAIN || err == EWOULDBLOCK) throw LinkTimeout("HBS " + peer() + " busy");
    ::close(sock_);
    sock_ = -1;
    throw LinkDown("HBS " + peer() + ": " + std::strerror(err));
  }
  char buf[128];
  ssize_t n = ::recv(sock_, buf, sizeof buf, 0);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) throw LinkTimeout("HBS " + peer() + ": no verdict");
  if (n <= 0) {
    ::close(sock_);
    sock_ = -1;
    throw LinkDown("HBS " + peer() + " closed the connection");
  }
  return parse(tag, std::string(buf, static_cast<std::size_t>(n)));
}

void TcpScreeningLink::disconnect() {
  std::lock_guard<std::mutex> lock(mu_);
  if (sock_ < 0) throw std::logic_error("screening link " + peer() + " already disconnected");
  ::close(sock_);
  sock_ = -1;
}

bool TcpScreeningLink::connected() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sock_ >= 0;
}

std::string TcpScreeningLink::peer() const { return host_ + ":" + std::to_string(port_); }

ScreenVerdict TcpScreeningLink::parse(const std::string& tag, const std::string& reply) const {
  ScreenVerdict v;
  v.tag = tag;
  v.cleared = reply.compare(0, 5, "CLEAR") == 0;
  v.level = v.cleared ? 1 : 2;
  return v;
}

std::shared_ptr<IScreeningLink> makeTcpScreeningLink(const std::string& host, int port) {
  auto link = std::make_shared<TcpScreeningLink>(host, port);
  Status st = link->connect();
  if (!st.ok()) throw std::runtime_error(st.message());
  return link;
}
