// Registry of device links keyed by device id. Mutations happen on the daemon's main
// thread; snapshot() may be called from any thread.
#pragma once
#include "device_link.h"
#include "status.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace farecol {

struct DeviceStatus {
  std::string deviceId;
  std::string operatorId;
  DeviceKind kind = DeviceKind::FareGate;
  bool online = false;
  std::uint64_t framesSent = 0;
  std::int64_t idleSeconds = 0;
};

class LinkRegistry {
public:
  using Clock = DeviceLink::Clock;

  void setQuarantine(std::function<bool(const std::string &)> isQuarantined);

  // Takes ownership of the link. A quarantined device or a second connection for a device
  // that is still online is closed and rejected.
  Status attach(std::unique_ptr<DeviceLink> link);
  // Removes the entry without closing the link.
  std::shared_ptr<DeviceLink> detach(const std::string &deviceId);
  // Closes the device's link but keeps the entry, so status reports still show the device
  // and a reconnect can take its place.
  void disconnect(const std::string &deviceId);
  // Closes the current link of the device and installs another one.
  Status replace(const std::string &deviceId, std::unique_ptr<DeviceLink> next);

  PushResult pushTo(const std::string &deviceId, const std::string &frame);
  DeviceLink *find(const std::string &deviceId) const;
  std::shared_ptr<DeviceLink> get(const std::string &deviceId) const;
  std::vector<std::shared_ptr<DeviceLink>> openLinks() const;
  std::vector<std::string> idsAtStation(const std::string &stationCode) const;

  // Closes links idle for longer than idleLimit and forgets devices offline for longer
  // than grace. Returns the number of entries removed.
  std::size_t sweep(Clock::time_point now, std::chrono::seconds idleLimit, std::chrono::seconds grace);
  // Closes the links of an operator that left the scheme and sends the new roster.
  std::size_t dropOperator(const std::string &operatorId, const std::string &rosterFrame);
  void closeAll(const std::string &byeFrame);

  std::vector<DeviceStatus> snapshot(Clock::time_point now) const;
  std::vector<std::string> ids() const;
  std::size_t size() const;

private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<DeviceLink>> links_;
  std::map<std::string, Clock::time_point> offlineSince_;
  std::function<bool(const std::string &)> isQuarantined_;
};

} // namespace farecol
