// One accepted DNS-over-TCP client (RFC 7766 two-byte length framing).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace dnscache {

/// All socket I/O happens under mu_, so close() never overlaps a read or a
/// write on the descriptor.
/// - readFrame() returns Closed once the session is closed (and on EOF/errors).
/// - trySend() returns false once closed.
/// - shutdownWrite() and unsentBytes() throw std::logic_error once closed.
/// - close() is idempotent (closed_ under mu_); the destructor calls it.
class TcpSession {
public:
  enum class ReadResult { Frame, Timeout, Closed };

  TcpSession(int id, int fd, std::string peer);
  ~TcpSession();
  TcpSession(const TcpSession &) = delete;
  TcpSession &operator=(const TcpSession &) = delete;

  int id() const { return id_; }
  const std::string &peer() const { return peer_; }

  ReadResult readFrame(std::string &out);
  bool trySend(const std::string &message);
  void shutdownWrite();
  int unsentBytes() const;
  void close();
  bool isOpen() const;
  std::chrono::milliseconds idleFor() const;

private:
  void touch();

  const int id_;
  const int fd_;
  const std::string peer_;
  mutable std::mutex mu_;
  bool closed_ = false;
  std::string rx_;
  std::atomic<int64_t> lastActiveMs_;
};

} // namespace dnscache
