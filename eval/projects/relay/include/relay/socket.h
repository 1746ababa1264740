// A POSIX stream socket: owns its descriptor, closes it on destruction.
#pragma once
#include <string>

namespace relay {

class Socket {
public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket();
  Socket(Socket &&other) noexcept;
  Socket &operator=(Socket &&other) noexcept;
  Socket(const Socket &) = delete;
  Socket &operator=(const Socket &) = delete;

  static Socket connectTo(const std::string &host, int port);

  /// Throws std::runtime_error("socket closed") once closed.
  void send(const std::string &data);
  std::string receive();
  void close();
  int release() noexcept;
  bool isOpen() const { return fd_ >= 0; }
  int fd() const { return fd_; }

private:
  int fd_ = -1;
};

} // namespace relay
