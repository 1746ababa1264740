// Socket: a move-only owner of a TCP socket descriptor. The destructor closes
// the descriptor; release() hands it over without closing, reset() closes the
// current one and adopts another. close() is idempotent.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <sys/types.h>

namespace fleetd {

class Socket {
public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket();
  Socket(Socket &&other) noexcept;
  Socket &operator=(Socket &&other) noexcept;
  Socket(const Socket &) = delete;
  Socket &operator=(const Socket &) = delete;

  int fd() const { return fd_; }
  bool isOpen() const { return fd_ >= 0; }

  int release();
  void reset(int fd = -1);
  // Returns 0, or the errno reported by close(2). Closing a closed socket is a
  // no-op that returns 0.
  int close();

  // Writes the whole buffer, waiting for POLLOUT when the socket is
  // non-blocking. Throws std::runtime_error on a closed socket and
  // std::system_error on a write error or timeout.
  void sendAll(const std::string &data, int timeoutMs = 2000);
  // Returns the number of bytes read, 0 at end of stream, -1 when a
  // non-blocking socket has nothing to read. Throws on a closed socket.
  ssize_t receive(char *buf, std::size_t len);
  // Waits until the socket is readable; false on timeout.
  bool waitReadable(int timeoutMs);
  void setNonBlocking();

  static Socket listenTcp(std::uint16_t port, int backlog);
  // Returns a closed Socket when no connection is pending.
  Socket accept();

private:
  void requireOpen(const char *op) const;
  int fd_ = -1;
};

} // namespace fleetd
