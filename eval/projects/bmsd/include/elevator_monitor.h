// ElevatorMonitor: follows elevator status points, raises entrapment /
// out-of-service alarms and forwards status lines to the elevator vendor's
// gateway over a net::Connection.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "alarm.h"
#include "netconn.h"
#include "point.h"

namespace bmsd {

class Diagnostics;

class ElevatorMonitor {
public:
  using AlarmCallback = std::function<void(const Alarm &)>;

  explicit ElevatorMonitor(Diagnostics &diag) : diag_(diag) {}

  void onAlarm(AlarmCallback cb) { callback_ = std::move(cb); }
  void connect(const std::string &gatewayEndpoint);
  void ingest(const PointValue &pv);
  void disconnect();

private:
  void forward(const std::string &line);

  Diagnostics &diag_;
  AlarmCallback callback_;
  std::mutex mu_;
  std::unique_ptr<net::Connection> uplink_;
  std::map<std::string, int> lastStatus_;
};

} // namespace bmsd
