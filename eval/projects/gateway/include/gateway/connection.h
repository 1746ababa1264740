// UpstreamConn: a connection to an upstream notification service. Defined in
// connection.cpp. send() and flush() throw std::runtime_error once the
// connection is closed; send() returns false when the peer is not keeping up
// (too many pending lines). close() is idempotent. No markers in this file.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace gateway {

class UpstreamConn {
public:
  explicit UpstreamConn(std::string endpoint, std::size_t maxPending = 256);
  UpstreamConn(const UpstreamConn &) = delete;
  UpstreamConn &operator=(const UpstreamConn &) = delete;

  bool send(const std::string &line);
  void flush();
  void close();
  bool isClosed() const;
  const std::string &endpoint() const { return endpoint_; }
  std::size_t pending() const { return pending_.size(); }

private:
  std::string endpoint_;
  std::size_t maxPending_;
  std::vector<std::string> pending_;
  bool closed_ = false;
};

} // namespace gateway
