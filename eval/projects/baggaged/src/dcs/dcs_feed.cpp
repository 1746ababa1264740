// DcsFeed: TCP connection to the airline departure control system. connect()
// tries a few times with a growing pause; send() throws on a disconnected
// feed, sendRaw() (used by LinkBase::sendChecked) turns errors into a Status.
#include "dcs_feed.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {
constexpr int kConnectAttempts = 3;
constexpr std::chrono::milliseconds kPause{250};
}  // namespace

DcsFeed::DcsFeed(std::string host, int port) : host_(std::move(host)), port_(port) {}

DcsFeed::~DcsFeed() {
  if (fd_ >= 0) ::close(fd_); // OK: only a feed nobody disconnected
}

Status DcsFeed::connect() {
  if (fd_ >= 0) return Status::Ok();
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1) return Status::Error(StatusCode::Invalid, host_);
  int fd = -1;
  for (int attempt = 0; attempt < kConnectAttempts; ++attempt) {
    fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return Status::Error(StatusCode::IoError, std::strerror(errno));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
      fd_ = fd;
      return Status::Ok();
    }
    ::close(fd); // OK: each attempt closes its own new socket, once
    std::this_thread::sleep_for(kPause * (attempt + 1));
  }
  if (fd >= 0) ::close(fd); // BUG: double-close
  return Status::Error(StatusCode::IoError, "DCS " + host_ + " unreachable");
}

void DcsFeed::send(const std::string& message) {
  if (fd_ < 0) throw std::runtime_error("DCS feed " + host_ + " disconnected");
  std::string line = message + "\r\n";
  std::size_t off = 0;
  while (off < line.size()) {
    ssize_t n = ::send(fd_, line.data() + off, line.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("DCS feed " + host_ + ": " + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
}

void DcsFeed::disconnect() {
  if (fd_ < 0) throw std::logic_error("DCS feed " + host_ + " already disconnected");
  ::close(fd_);
  fd_ = -1;
}

bool DcsFeed::isOpen() const { return fd_ >= 0; }

Status DcsFeed::sendRaw(const std::string& payload) {
  try {
    send(payload);
  } catch (const std::exception& e) {
    return Status::Error(StatusCode::IoError, e.what());
  }
  return Status::Ok();
}

std::string DcsFeed::linkName() const { return "DCS " + host_; }
