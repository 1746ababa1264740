// DeviceRegistry: live sessions keyed by device id (contract in
// device_registry.h: sessions leave the map before they are closed).
#include "iotbridge/device_registry.h"

#include "iotbridge/log.h"

namespace iotbridge {

void DeviceRegistry::setEvictionHook(EvictionHook hook) {
  std::lock_guard<std::mutex> lk(mu_);
  hook_ = std::move(hook);
}

std::shared_ptr<DeviceSession> DeviceRegistry::replace(
    const std::string& deviceId, std::shared_ptr<DeviceSession> session) {
  std::lock_guard<std::mutex> lk(mu_);
  std::shared_ptr<DeviceSession>& slot = sessions_[deviceId];
  std::shared_ptr<DeviceSession> displaced = std::move(slot);
  slot = std::move(session);
  return displaced;
}

std::shared_ptr<DeviceSession> DeviceRegistry::find(const std::string& deviceId) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(deviceId);
  return it == sessions_.end() ? nullptr : it->second;
}

bool DeviceRegistry::evict(const std::string& deviceId) {
  std::shared_ptr<DeviceSession> victim;
  EvictionHook hook;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(deviceId);
    if (it == sessions_.end()) return false;
    victim = std::move(it->second);
    sessions_.erase(it);
    hook = hook_;
  }
  victim->close();
  IOTB_LOG(Info, "registry", "evicted " << deviceId);
  if (hook) hook(deviceId);
  return true;
}

void DeviceRegistry::closeAll() {
  std::unordered_map<std::string, std::shared_ptr<DeviceSession>> doomed;
  EvictionHook hook;
  {
    std::lock_guard<std::mutex> lk(mu_);
    doomed.swap(sessions_);
    hook = hook_;
  }
  IOTB_LOG(Info, "registry", "closing " << doomed.size() << " sessions");
  for (auto& [deviceId, session] : doomed) {
    session->close();  // OK: every session left the map before any close, so each closes once
    if (hook) hook(deviceId);
  }
}

std::vector<std::shared_ptr<DeviceSession>> DeviceRegistry::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::shared_ptr<DeviceSession>> out;
  out.reserve(sessions_.size());
  for (const auto& entry : sessions_) out.push_back(entry.second);
  return out;
}

std::vector<std::string> DeviceRegistry::idleSince(std::int64_t cutoffMs) const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::string> idle;
  for (const auto& [deviceId, session] : sessions_) {
    if (session->lastSeenMs() < cutoffMs) idle.push_back(deviceId);
  }
  return idle;
}

std::size_t DeviceRegistry::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sessions_.size();
}

}  // namespace iotbridge
