// A line-oriented TCP connection to a piece of stage hardware: VFD drive
// controllers, the lighting console, the safety PLC, the followspot tracker.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace cued {

class DeckSocket {
public:
  DeckSocket() = default;
  /// Dials host:port; throws std::system_error if the peer is unreachable.
  DeckSocket(std::string host, std::uint16_t port,
             std::chrono::milliseconds timeout);
  ~DeckSocket();

  DeckSocket(const DeckSocket &) = delete;
  DeckSocket &operator=(const DeckSocket &) = delete;
  DeckSocket(DeckSocket &&other) noexcept;
  DeckSocket &operator=(DeckSocket &&other) noexcept;

  /// Sends one line. Throws std::runtime_error once the socket is closed.
  void sendLine(const std::string &line);
  /// Reads one line. Throws std::runtime_error once closed or on timeout.
  std::string recvLine(std::chrono::milliseconds timeout);
  /// sendLine() followed by recvLine().
  std::string query(const std::string &line, std::chrono::milliseconds timeout);
  /// Drops the current connection and dials the same peer again.
  void redial();
  /// Closes the connection. Idempotent: the descriptor is reset to -1.
  void close() noexcept;

  bool alive() const noexcept { return fd_ >= 0; }
  explicit operator bool() const noexcept { return alive(); }
  const std::string &peer() const noexcept { return host_; }

private:
  static int dial(const std::string &host, std::uint16_t port,
                  std::chrono::milliseconds timeout);

  int fd_ = -1;
  std::string host_;
  std::uint16_t port_ = 0;
  std::chrono::milliseconds timeout_{0};
  std::string rx_;
};

} // namespace cued
