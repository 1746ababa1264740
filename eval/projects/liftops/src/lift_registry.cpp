// LiftRegistry: chairlift links keyed by lift id, guarded by one mutex.
// closeAll() and remove() close only links that are still open; sendTo()
// checks the link before using it; broadcast() sends to every registered
// link as it is.
#include "lift_registry.h"

namespace liftops {

void LiftRegistry::add(std::shared_ptr<LiftLink> link) {
  std::lock_guard<std::mutex> lock(mu_);
  std::string id = link->liftId();
  links_[id] = std::move(link);
}

std::shared_ptr<LiftLink> LiftRegistry::find(const std::string &liftId) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(liftId);
  return it == links_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<LiftLink>> LiftRegistry::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::shared_ptr<LiftLink>> out;
  for (const auto &[id, link] : links_)
    out.push_back(link);
  return out;
}

Status LiftRegistry::sendTo(const std::string &liftId, const LiftCommand &command) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(liftId);
  if (it == links_.end())
    return Status::error(Errc::NotFound, "no lift " + liftId);
  if (!it->second->isOpen())
    return Status::error(Errc::Closed, "lift " + liftId + " is off line");
  it->second->sendCommand(command); // OK: checked open; links are closed on the ops thread only
  return Status::ok();
}

void LiftRegistry::broadcast(const LiftCommand &command) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &[id, link] : links_)
    link->sendCommand(command); // SAME: registry-broadcast
}

void LiftRegistry::remove(const std::string &liftId) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = links_.find(liftId);
  if (it == links_.end())
    return;
  if (it->second->isOpen())
    it->second->close(); // OK: checked open
  links_.erase(it);
}

void LiftRegistry::closeAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &[id, link] : links_) {
    if (link->isOpen())
      link->close(); // OK: chairlift stop() may have closed it already; checked
  }
}

} // namespace liftops
