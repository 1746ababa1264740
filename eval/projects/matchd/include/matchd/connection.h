// TcpConnection: move-only owner of a connected TCP socket.
// send()/recv() on a closed connection throw std::logic_error; I/O failures
// throw IoError. close() releases the fd and is NOT idempotent: closing an
// already closed connection is a programming error and throws std::logic_error.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace matchd {

class IoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class TcpConnection {
public:
  TcpConnection() = default;
  explicit TcpConnection(int fd) noexcept : fd_(fd) {}
  ~TcpConnection();

  TcpConnection(TcpConnection &&other) noexcept;
  TcpConnection &operator=(TcpConnection &&other) noexcept;
  TcpConnection(const TcpConnection &) = delete;
  TcpConnection &operator=(const TcpConnection &) = delete;

  // Resolves host, tries each address; throws IoError if none connects.
  static TcpConnection connectTo(const std::string &host, std::uint16_t port);

  bool isOpen() const noexcept { return fd_ >= 0; }
  explicit operator bool() const noexcept { return isOpen(); }
  int fd() const noexcept { return fd_; }

  void send(const std::string &data);
  // Returns 0 on orderly shutdown by the peer.
  std::size_t recv(char *buf, std::size_t len);
  void close();

private:
  int fd_ = -1;
};

} // namespace matchd
