// RiskClient: synchronous request/reply client of the pre-trade risk server.
// checkOrder() closes the connection and returns Unavailable on any I/O
// failure. pushLimits() requires an open connection (std::logic_error
// otherwise). disconnect() is idempotent. reconnect() drops the current
// connection and dials again (used for failover of a live connection).
#pragma once
#include <cstdint>
#include <mutex>
#include <string>

#include "matchd/connection.h"
#include "matchd/types.h"

namespace matchd {

enum class RiskStatus { Accepted, Rejected, Unavailable };

class RiskClient {
public:
  RiskClient(std::string host, std::uint16_t port);
  ~RiskClient();

  void connect();
  bool connected() const;
  RiskStatus checkOrder(const Order &o);
  void pushLimits(const std::string &account, std::int64_t maxNotional);
  void keepalive();
  void reconnect();
  void disconnect();

private:
  void closeLocked(const std::string &why);

  const std::string host_;
  const std::uint16_t port_;
  mutable std::mutex mu_;
  TcpConnection conn_;
};

} // namespace matchd
