// One client connection. The session owns its socket through FdHandle.
// reply() throws std::runtime_error once the session is closed. close() is
// idempotent and thread-safe: it marks the session closed and shuts the socket
// down (which ends a blocked readRequest()); the descriptor itself is released
// when the last owner drops the session.
#pragma once
#include "kvlog/fd_handle.h"

#include <cstdint>
#include <mutex>
#include <string>

namespace kvlog {

class ClientSession {
public:
  ClientSession(int fd, std::uint64_t id);

  bool readRequest(std::string &line);
  void reply(const std::string &line);
  void close();
  bool closed() const;
  std::uint64_t id() const { return id_; }

private:
  const std::uint64_t id_;
  FdHandle fd_;
  mutable std::mutex mu_;
  bool closed_ = false;
  std::string inbuf_;
};

} // namespace kvlog
