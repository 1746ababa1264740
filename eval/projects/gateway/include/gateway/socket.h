// ClientSocket: a connected client over a POSIX descriptor (socket.cpp).
// write() throws std::logic_error on a closed socket and std::system_error on
// a failed write; close() is idempotent (fd_ becomes -1). No markers here.
#pragma once
#include <string>

namespace gateway {

class ClientSocket {
public:
  explicit ClientSocket(int fd);
  ~ClientSocket();
  ClientSocket(const ClientSocket &) = delete;
  ClientSocket &operator=(const ClientSocket &) = delete;

  void write(const std::string &data);
  void close();
  bool is_open() const;
  int fd() const { return fd_; }

private:
  int fd_;
};

} // namespace gateway
