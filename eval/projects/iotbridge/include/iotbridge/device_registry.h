// DeviceRegistry: the live sessions, keyed by device id.
//
// Semantics:
//  - Thread-safe (one mutex around the map).
//  - replace(id, s) installs `s` and returns the session it displaced (or
//    nullptr). The displaced session is NOT closed; the caller decides.
//  - evict(id) removes the session from the map and then closes it; it
//    returns false when no session is registered under `id`.
//  - closeAll() removes every session and closes each one (shutdown path).
//  - A session is always removed from the map before it is closed, so a
//    session found in the registry is open.
//  - The eviction hook, if set, runs after every removal made by evict() or
//    closeAll(), on the calling thread and outside the lock.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "iotbridge/device_session.h"

namespace iotbridge {

class DeviceRegistry {
 public:
  using EvictionHook = std::function<void(const std::string& deviceId)>;

  void setEvictionHook(EvictionHook hook);

  std::shared_ptr<DeviceSession> replace(const std::string& deviceId,
                                         std::shared_ptr<DeviceSession> session);
  std::shared_ptr<DeviceSession> find(const std::string& deviceId) const;
  bool evict(const std::string& deviceId);
  void closeAll();

  std::vector<std::shared_ptr<DeviceSession>> snapshot() const;
  std::vector<std::string> idleSince(std::int64_t cutoffMs) const;
  std::size_t size() const;

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<DeviceSession>> sessions_;
  EvictionHook hook_;
};

}  // namespace iotbridge
