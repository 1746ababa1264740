// A connection to one upstream resolver (UDP, with TCP fallback).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <sys/socket.h>

namespace dnscache {

/// Network trouble talking to the upstream: the connection should be retired.
struct UpstreamError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct UpstreamTimeout : UpstreamError {
  using UpstreamError::UpstreamError;
};

/// A connected UDP socket plus a TCP stream opened lazily when a UDP answer
/// comes back truncated. One exchange at a time (mu_ is held for the whole
/// exchange).
/// - exchange(), probe() and rxQueueBytes() throw std::logic_error once the
///   connection is closed (a programming error, not an UpstreamError).
/// - close() a second time throws std::logic_error: a pooled connection has
///   exactly one closer, the pool, under the pool's mutex.
/// - The destructor releases the sockets if close() never ran.
class UpstreamConnection {
public:
  static std::shared_ptr<UpstreamConnection> open(uint64_t id, std::size_t upstreamIndex,
                                                  const std::string &address);
  UpstreamConnection(uint64_t id, std::size_t upstreamIndex, std::string address, int udpFd,
                     const sockaddr_storage &peer, socklen_t peerLen);
  ~UpstreamConnection();
  UpstreamConnection(const UpstreamConnection &) = delete;
  UpstreamConnection &operator=(const UpstreamConnection &) = delete;

  std::string exchange(const std::string &query, std::chrono::milliseconds timeout);
  bool probe(std::chrono::milliseconds timeout);
  /// Bytes waiting in the UDP socket (late answers nobody read).
  int rxQueueBytes() const;
  void close();
  bool isClosed() const;

  uint64_t id() const { return id_; }
  std::size_t upstreamIndex() const { return upstreamIndex_; }
  const std::string &address() const { return address_; }

private:
  void requireOpenLocked(const char *what) const;
  std::string exchangeUdpLocked(const std::string &query, uint16_t qid,
                                std::chrono::milliseconds timeout);
  std::string exchangeTcpLocked(const std::string &query, uint16_t qid,
                                std::chrono::milliseconds timeout);
  bool connectTcpLocked();
  bool readTcpReplyLocked(std::string &reply, std::chrono::milliseconds timeout);
  void closeSocketsLocked();

  const uint64_t id_;
  const std::size_t upstreamIndex_;
  const std::string address_;
  sockaddr_storage peer_;
  socklen_t peerLen_;
  mutable std::mutex mu_;
  int udpFd_;
  int tcpFd_ = -1;
  bool closed_ = false;
};

} // namespace dnscache
