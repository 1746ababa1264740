// Registry of device links: attach/detach/replace by device id, pushes to one device,
// periodic sweeping of idle and long-offline devices.
#include "link_registry.h"

#include <utility>

namespace farecol {
namespace {

// Gate ids are "G-<station>-<n>", validator ids "V-<station>-<n>".
std::string stationOf(const std::string &deviceId) {
  const std::size_t first = deviceId.find('-');
  if (first == std::string::npos)
    return std::string();
  const std::size_t second = deviceId.find('-', first + 1);
  return deviceId.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
}

} // namespace

void LinkRegistry::setQuarantine(std::function<bool(const std::string &)> isQuarantined) {
  std::lock_guard<std::mutex> lock(mutex_);
  isQuarantined_ = std::move(isQuarantined);
}

Status LinkRegistry::attach(std::unique_ptr<DeviceLink> link) {
  if (!link)
    return Status::invalid("null device link");
  const std::string id = link->deviceId();
  std::lock_guard<std::mutex> lock(mutex_);
  if (isQuarantined_ && isQuarantined_(id)) {
    link->close();
    return Status::rejected("device " + id + " is quarantined");
  }
  auto it = links_.find(id);
  if (it == links_.end()) {
    links_.emplace(id, std::shared_ptr<DeviceLink>(std::move(link)));
    return Status::success();
  }
  if (it->second->isOpen()) {
    link->close();
    return Status::rejected("device " + id + " is already connected from " + it->second->endpoint());
  }
  it->second = std::shared_ptr<DeviceLink>(std::move(link));
  offlineSince_.erase(id);
  return Status::success();
}

std::shared_ptr<DeviceLink> LinkRegistry::detach(const std::string &deviceId) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(deviceId);
  if (it == links_.end())
    return nullptr;
  std::shared_ptr<DeviceLink> link = std::move(it->second);
  links_.erase(it);
  offlineSince_.erase(deviceId);
  return link;
}

void LinkRegistry::disconnect(const std::string &deviceId) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(deviceId);
  if (it == links_.end())
    return;
  if (it->second->isOpen())
    it->second->close(); // OK
  offlineSince_.emplace(deviceId, Clock::now());
}

Status LinkRegistry::replace(const std::string &deviceId, std::unique_ptr<DeviceLink> next) {
  if (!next || next->deviceId() != deviceId)
    return Status::invalid("replacement link for " + deviceId);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(deviceId);
  if (it == links_.end())
    return Status::notFound("device " + deviceId);
  if (it->second->isOpen())
    it->second->close();
  it->second = std::shared_ptr<DeviceLink>(std::move(next));
  offlineSince_.erase(deviceId);
  return Status::success();
}

PushResult LinkRegistry::pushTo(const std::string &deviceId, const std::string &frame) {
  std::shared_ptr<DeviceLink> link = get(deviceId);
  if (!link)
    return PushResult::unknown(deviceId);
  if (!link->isOpen())
    return PushResult::offline(deviceId);
  link->push(frame); // OK
  return PushResult::sent(deviceId);
}

DeviceLink *LinkRegistry::find(const std::string &deviceId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(deviceId);
  return it == links_.end() ? nullptr : it->second.get();
}

std::shared_ptr<DeviceLink> LinkRegistry::get(const std::string &deviceId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = links_.find(deviceId);
  return it == links_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<DeviceLink>> LinkRegistry::openLinks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::shared_ptr<DeviceLink>> out;
  out.reserve(links_.size());
  for (const auto &entry : links_)
    if (entry.second->isOpen())
      out.push_back(entry.second);
  return out;
}

std::vector<std::string> LinkRegistry::idsAtStation(const std::string &stationCode) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  for (const auto &entry : links_)
    if (stationOf(entry.first) == stationCode)
      out.push_back(entry.first);
  return out;
}

std::size_t LinkRegistry::sweep(Clock::time_point now, std::chrono::seconds idleLimit, std::chrono::seconds grace) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t removed = 0;
  for (auto it = links_.begin(); it != links_.end();) {
    DeviceLink &link = *it->second;
    if (link.isOpen() && link.idleFor(now) > idleLimit) {
      link.close(); // OK
      offlineSince_.emplace(it->first, now);
    }
    if (!link.isOpen()) {
      auto since = offlineSince_.find(it->first);
      if (since == offlineSince_.end() || now - since->second > grace) {
        if (since != offlineSince_.end())
          offlineSince_.erase(since);
        it = links_.erase(it);
        ++removed;
        continue;
      }
      ++it;
      continue;
    }
    link.flush(); // OK
    ++it;
  }
  return removed;
}

std::size_t LinkRegistry::dropOperator(const std::string &operatorId, const std::string &rosterFrame) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::size_t dropped = 0;
  for (auto &entry : links_) {
    DeviceLink &link = *entry.second;
    if (link.operatorId() == operatorId && link.isOpen()) {
      link.close();
      offlineSince_.emplace(entry.first, Clock::now());
      ++dropped;
    }
  }
  for (auto &entry : links_)
    entry.second->push(rosterFrame); // BUG: use-after-close
  return dropped;
}

void LinkRegistry::closeAll(const std::string &byeFrame) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto &entry : links_) {
    DeviceLink &link = *entry.second;
    if (!link.isOpen())
      continue;
    link.push(byeFrame); // OK
    link.close();        // OK
  }
}

std::vector<DeviceStatus> LinkRegistry::snapshot(Clock::time_point now) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<DeviceStatus> out;
  out.reserve(links_.size());
  for (const auto &entry : links_) {
    const DeviceLink &link = *entry.second;
    DeviceStatus s;
    s.deviceId = entry.first;
    s.operatorId = link.operatorId();
    s.kind = link.kind();
    s.online = link.isOpen();
    s.framesSent = link.framesSent();
    s.idleSeconds = std::chrono::duration_cast<std::chrono::seconds>(link.idleFor(now)).count();
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::string> LinkRegistry::ids() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  out.reserve(links_.size());
  for (const auto &entry : links_)
    out.push_back(entry.first);
  return out;
}

std::size_t LinkRegistry::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return links_.size();
}

} // namespace farecol
