// TCP socket owned through UniqueFd: a non-blocking listener that accepts
// clients, and connected sockets that send whole buffers.
#pragma once
#include "status.h"
#include "unique_fd.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

class TcpSocket {
public:
  TcpSocket() = default;
  explicit TcpSocket(UniqueFd fd) : fd_(std::move(fd)) {}
  TcpSocket(TcpSocket &&) noexcept = default;
  TcpSocket &operator=(TcpSocket &&) noexcept = default;

  // Throws std::system_error when the port cannot be bound.
  static TcpSocket listenOn(std::uint16_t port, int backlog);

  // Returns a socket that is not open when nothing is pending.
  TcpSocket accept();
  // Sends everything, waiting for a slow peer a few times before giving up.
  Status sendAll(const std::string &data);
  // recv() semantics: bytes read, 0 on orderly shutdown, -1 with errno set.
  long receive(char *buf, std::size_t len);

  void close() { fd_.reset(); }
  int release() { return fd_.release(); }
  bool isOpen() const { return fd_.valid(); }
  int nativeHandle() const { return fd_.get(); }

private:
  void ensureOpen(const char *op) const;

  UniqueFd fd_;
};
