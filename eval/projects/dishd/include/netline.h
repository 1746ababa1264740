// NetLine: a blocking, line-oriented TCP connection to one of the receiver
// cabin instruments (compressor, bias rack, synthesizer, drive PLCs, the
// correlator's delay port). One NetLine is one socket; not thread-safe.
#pragma once
#include <cstdint>
#include <string>

class NetLine {
public:
  NetLine() = default;
  NetLine(const std::string &host, std::uint16_t port);
  ~NetLine();
  NetLine(const NetLine &) = delete;
  NetLine &operator=(const NetLine &) = delete;
  NetLine(NetLine &&other) noexcept;
  NetLine &operator=(NetLine &&other) noexcept;

  /// Connects, closing any socket held before.
  void open(const std::string &host, std::uint16_t port);
  /// Sends one CRLF-terminated line; throws std::runtime_error once closed.
  void transmit(const std::string &line);
  /// Reads one line; throws std::runtime_error once closed or on EOF.
  std::string receive();
  /// transmit() followed by receive().
  std::string query(const std::string &line);
  /// Releases the socket. Safe to call more than once.
  void close();

  bool alive() const { return fd_ >= 0; }
  explicit operator bool() const { return alive(); }
  const std::string &peer() const { return peer_; }

private:
  int fd_ = -1;
  std::string peer_;
};
