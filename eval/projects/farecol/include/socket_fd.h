// Move-only owner of a socket descriptor. The destructor closes the descriptor; release()
// gives it up without closing, reset() closes the current one and adopts another.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace farecol {

class SocketFd {
public:
  SocketFd() = default;
  explicit SocketFd(int fd) noexcept : fd_(fd) {}
  ~SocketFd();

  SocketFd(SocketFd &&other) noexcept;
  SocketFd &operator=(SocketFd &&other) noexcept;
  SocketFd(const SocketFd &) = delete;
  SocketFd &operator=(const SocketFd &) = delete;

  int get() const noexcept { return fd_; }
  bool valid() const noexcept { return fd_ >= 0; }
  explicit operator bool() const noexcept { return valid(); }

  int release() noexcept;
  void reset(int fd = -1) noexcept;
  void close() noexcept;

  // Sends the whole buffer. Throws std::runtime_error when the socket has been closed and
  // std::system_error when the peer went away.
  std::size_t sendAll(const void *data, std::size_t len);
  // Returns 0 on orderly shutdown, -1 when no data is available on a non-blocking socket.
  long recvSome(void *buf, std::size_t cap);

  static SocketFd listenTcp(const std::string &address, std::uint16_t port, bool nonBlocking);
  static std::string peerName(int fd);

private:
  int fd_ = -1;
};

} // namespace farecol
