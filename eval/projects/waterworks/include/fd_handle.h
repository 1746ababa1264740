// FdHandle: owns one POSIX descriptor (sockets, the audit log) and closes it
// in its destructor; dial_tcp() opens the TCP connections the plant uses.
#pragma once

#include <cstdint>
#include <string>

namespace ww {

class FdHandle {
 public:
  FdHandle() = default;
  explicit FdHandle(int fd);
  ~FdHandle();

  FdHandle(const FdHandle&) = delete;
  FdHandle& operator=(const FdHandle&) = delete;
  FdHandle(FdHandle&& other) noexcept;
  FdHandle& operator=(FdHandle&& other) noexcept;

  int get() const;
  bool valid() const;

  // Closes the descriptor currently owned (if any), then owns fd.
  void reset(int fd = -1);
  // Gives up ownership without closing; the handle becomes empty.
  int release();
  // Closes the owned descriptor. Idempotent: an empty handle returns 0.
  int close();

 private:
  int fd_ = -1;
};

// TCP connection to host:port (IPv4 dotted quad) with send/receive timeouts;
// returns a descriptor, or -1 with errno set.
int dial_tcp(const std::string& host, std::uint16_t port, int timeout_ms);

}  // namespace ww
