// AdminSession: one operator connection on the admin socket, a line protocol.
#pragma once
#include <optional>
#include <string>

namespace telemetry {

class AdminSession {
public:
  AdminSession(int fd, std::string peer);
  ~AdminSession();
  AdminSession(const AdminSession &) = delete;
  AdminSession &operator=(const AdminSession &) = delete;

  /// nullopt at end of input or on a read error (including the receive
  /// timeout); throws std::runtime_error once the session is closed.
  std::optional<std::string> readLine();
  /// Throws std::runtime_error once the session is closed.
  void write(const std::string &text);
  /// Idempotent.
  void close() noexcept;
  bool closed() const noexcept { return fd_ < 0; }
  const std::string &peer() const noexcept { return peer_; }

private:
  int fd_;
  std::string peer_;
  std::string buffer_;
};

} // namespace telemetry
