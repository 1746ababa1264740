// ElevatorMonitor: elevator status points (0 in service, 1 out of service,
// 2 passenger entrapment) become alarms on a change, and every change is
// forwarded to the elevator vendor's gateway when one is configured.
#include "elevator_monitor.h"

#include <cmath>

#include "diagnostics.h"
#include "format.h"

namespace bmsd {

void ElevatorMonitor::connect(const std::string &gatewayEndpoint) {
  std::lock_guard<std::mutex> lock(mu_);
  if (gatewayEndpoint.empty()) {
    uplink_.reset();
    return;
  }
  uplink_ = std::make_unique<net::Connection>(gatewayEndpoint);
  uplink_->send("HELLO bmsd elevator-feed/1");
}

void ElevatorMonitor::forward(const std::string &line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!uplink_)
    return;
  uplink_->send(line);
  uplink_->flush();
}

void ElevatorMonitor::ingest(const PointValue &pv) {
  if (pv.kind != PointKind::ElevatorStatus)
    return;
  const int status = static_cast<int>(std::lround(pv.value));
  auto it = lastStatus_.find(pv.name);
  if (it != lastStatus_.end() && it->second == status)
    return;
  lastStatus_[pv.name] = status;

  forward("STATUS " + pv.name + " " + std::to_string(status) + " " + isoTime(pv.at));
  if (!callback_)
    return;
  Alarm a;
  a.source = pv.controllerId;
  a.point = pv.name;
  a.raisedAt = pv.at;
  switch (status) {
  case 0:
    a.severity = Severity::Minor;
    a.text = "elevator back in service";
    a.cleared = true;
    break;
  case 1:
    a.severity = Severity::Major;
    a.text = "elevator out of service";
    break;
  case 2:
    a.severity = Severity::Critical;
    a.text = "passenger entrapment";
    break;
  default:
    diag_.warn("elevator %s: unknown status %d", pv.name.c_str(), status);
    return;
  }
  callback_(a);
}

void ElevatorMonitor::disconnect() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!uplink_)
    return;
  uplink_->send("BYE");
  uplink_->flush();
  uplink_->close();
  uplink_.reset();
}

} // namespace bmsd
