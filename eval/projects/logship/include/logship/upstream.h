// A TCP connection to one upstream collector. Frames are length-prefixed.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>

namespace logship {

enum class ErrorCode {
  Ok,
  WouldBlock,
  PeerClosed, // the peer went away; the connection closed itself
  IoError,
};

const char *toString(ErrorCode ec) noexcept;

struct Endpoint {
  std::string host;
  std::uint16_t port = 0;
  bool operator==(const Endpoint &o) const { return host == o.host && port == o.port; }
  bool operator!=(const Endpoint &o) const { return !(*this == o); }
  std::string str() const { return host + ":" + std::to_string(port); }
};

class ConnectionClosed : public std::runtime_error {
public:
  explicit ConnectionClosed(const std::string &name)
      : std::runtime_error("upstream '" + name + "' is closed") {}
};

class UpstreamConnection {
public:
  UpstreamConnection(std::string name, Endpoint ep);
  ~UpstreamConnection();
  UpstreamConnection(const UpstreamConnection &) = delete;
  UpstreamConnection &operator=(const UpstreamConnection &) = delete;

  /// Opens (or re-opens) the socket. A connection starts out closed.
  bool connect();
  /// Sends one frame. Throws ConnectionClosed if the connection is closed.
  /// When the peer has gone away the connection closes itself and
  /// PeerClosed is returned.
  ErrorCode send(const std::string &payload);
  /// send() with up to `attempts` tries, reconnecting after PeerClosed.
  ErrorCode sendWithRetry(const std::string &payload, int attempts);
  /// Throws std::logic_error if the connection is already closed.
  void close();

  bool closed() const noexcept { return closed_.load(); }
  const std::string &name() const noexcept { return name_; }
  const Endpoint &endpoint() const noexcept { return ep_; }

private:
  void closeSocketLocked() noexcept;

  const std::string name_;
  const Endpoint ep_;
  mutable std::mutex mu_;
  int fd_ = -1;
  std::atomic<bool> closed_{true};
};

} // namespace logship
