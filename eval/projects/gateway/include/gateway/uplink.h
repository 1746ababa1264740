// Uplink: the gateway's connection to the upstream service, replaced with a
// fresh UpstreamConn when it has to reconnect (uplink.cpp). No markers here.
#pragma once
#include "gateway/connection.h"

#include <memory>
#include <string>

namespace gateway {

class Uplink {
public:
  Uplink(std::string primary, std::string backup);
  ~Uplink();
  Uplink(const Uplink &) = delete;
  Uplink &operator=(const Uplink &) = delete;

  /// False when there is no open connection or the peer is not keeping up.
  bool send(const std::string &line);
  bool connected() const { return conn_ && !conn_->isClosed(); }
  void reconnect();
  void recover(bool haveBackup);
  void shutdown();

private:
  std::string primary_;
  std::string backup_;
  std::unique_ptr<UpstreamConn> conn_;
};

} // namespace gateway
