// Owning wrapper around a connected TCP socket descriptor.
#pragma once

#include <string>

namespace chatd {

class Socket {
public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket();

  Socket(const Socket &) = delete;
  Socket &operator=(const Socket &) = delete;
  Socket(Socket &&other) noexcept;
  Socket &operator=(Socket &&other) noexcept;

  bool isOpen() const { return fd_ >= 0; }
  int fd() const { return fd_; }

  /// Writes data; throws std::runtime_error("socket closed") after close().
  void send(const std::string &data);
  /// Reads one line; throws std::runtime_error("socket closed") after close().
  std::string receiveLine();
  /// Closes the descriptor. Safe to call more than once.
  void close();

private:
  int fd_ = -1;
};

/// Best-effort farewell: sends why to sock if it is still open, ignoring
/// write errors.
void sendGoodbye(Socket &sock, const std::string &why);

} // namespace chatd
