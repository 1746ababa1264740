// FieldbusConnection: one Modbus-TCP style connection to the blower/diverter gateway.
// Register access answers Code::Closed after close(); close() throws when it runs a second
// time, because that means two owners think they own the socket. Negative file: the
// destructor closes only a connection nobody closed.
#include "fieldbus.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace tubed {

FieldbusConnection::FieldbusConnection(std::string endpoint, int id) : endpoint_(std::move(endpoint)), id_(id) {}

FieldbusConnection::~FieldbusConnection() {
  if (!closed_.load()) close(); // OK: guarded by closed_
}

Status FieldbusConnection::connect() {
  if (closed_.load()) return Status::error(Code::Closed, "fieldbus connection closed");
  const auto colon = endpoint_.rfind(':');
  if (colon == std::string::npos) return Status::error(Code::Invalid, "bad endpoint " + endpoint_);
  const std::string host = endpoint_.substr(0, colon);
  const std::string port = endpoint_.substr(colon + 1);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  if (::getaddrinfo(host.c_str(), port.c_str(), &hints, &res) != 0 || res == nullptr) {
    return Status::error(Code::IoError, "cannot resolve " + endpoint_);
  }
  const int fd = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
  if (fd < 0 || ::connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    ::freeaddrinfo(res);
    return Status::error(Code::IoError, endpoint_ + ": " + std::strerror(err));
  }
  ::freeaddrinfo(res);
  fd_ = fd;
  return Status::ok();
}

Status FieldbusConnection::write_register(std::uint16_t reg, std::uint16_t value) {
  if (closed_.load()) return Status::error(Code::Closed, "fieldbus connection closed");
  if (fd_ < 0) return Status::error(Code::IoError, "fieldbus connection not established");
  const std::uint16_t tid = ++next_tid_;
  const std::uint8_t req[12] = {static_cast<std::uint8_t>(tid >> 8), static_cast<std::uint8_t>(tid), 0, 0, 0, 6, 1, 0x06,
                                static_cast<std::uint8_t>(reg >> 8), static_cast<std::uint8_t>(reg),
                                static_cast<std::uint8_t>(value >> 8), static_cast<std::uint8_t>(value)};
  std::uint8_t resp[12] = {};
  return transact(req, sizeof req, resp, sizeof resp);
}

Result<std::uint16_t> FieldbusConnection::read_register(std::uint16_t reg) {
  if (closed_.load()) return Status::error(Code::Closed, "fieldbus connection closed");
  if (fd_ < 0) return Status::error(Code::IoError, "fieldbus connection not established");
  const std::uint16_t tid = ++next_tid_;
  const std::uint8_t req[12] = {static_cast<std::uint8_t>(tid >> 8), static_cast<std::uint8_t>(tid), 0, 0, 0, 6, 1, 0x03,
                                static_cast<std::uint8_t>(reg >> 8), static_cast<std::uint8_t>(reg), 0, 1};
  std::uint8_t resp[11] = {};
  Status s = transact(req, sizeof req, resp, sizeof resp);
  if (!s.is_ok()) return s;
  return static_cast<std::uint16_t>((resp[9] << 8) | resp[10]);
}

Status FieldbusConnection::transact(const std::uint8_t* req, std::size_t req_len, std::uint8_t* resp, std::size_t resp_len) {
  std::size_t off = 0;
  while (off < req_len) {
    const ssize_t n = ::send(fd_, req + off, req_len - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::error(Code::IoError, "fieldbus send failed");
    off += static_cast<std::size_t>(n);
  }
  off = 0;
  while (off < resp_len) {
    const ssize_t n = ::recv(fd_, resp + off, resp_len - off, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::error(Code::IoError, "fieldbus receive failed");
    off += static_cast<std::size_t>(n);
  }
  if (resp[7] & 0x80) return Status::error(Code::Invalid, "fieldbus exception response");
  return Status::ok();
}

void FieldbusConnection::close() {
  if (closed_.exchange(true)) throw std::logic_error("fieldbus connection closed twice");
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool FieldbusConnection::closed() const { return closed_.load(); }

int FieldbusConnection::id() const { return id_; }

}  // namespace tubed
