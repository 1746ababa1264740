// SessionRegistry: sessions by name, by device and in display order.
#include "printfarm/session_registry.h"

#include <algorithm>
#include <utility>

#include "printfarm/event_bus.h"
#include "printfarm/printer_session.h"

namespace printfarm {

SessionRegistry::SessionRegistry(EventBus &bus) : bus_(bus) {}

void SessionRegistry::add(std::shared_ptr<PrinterSession> session) {
  std::shared_ptr<PrinterSession> replaced;
  {
    std::lock_guard<std::mutex> lock(mu_);
    std::shared_ptr<PrinterSession> &slot = byName_[session->name()];
    replaced = slot;
    slot = session;
    if (replaced) {
      byDevice_.erase(replaced->device());
      std::replace(order_.begin(), order_.end(), replaced, session);
    } else {
      order_.push_back(session);
    }
    byDevice_[session->device()] = session;
  }
  if (replaced && replaced != session)
    replaced->close();

  // Farm-wide pause (operator command, chamber over-temperature, smoke): M601 everywhere.
  bus_.subscribe("pause-all", [session](const Event &) {
    session->sendGcode("M601"); // BUG: use-after-close
  });
}

std::shared_ptr<PrinterSession> SessionRegistry::find(const std::string &name) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : it->second;
}

std::shared_ptr<PrinterSession> SessionRegistry::findByDevice(const std::string &device) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = byDevice_.find(device);
  return it == byDevice_.end() ? nullptr : it->second;
}

std::shared_ptr<PrinterSession> SessionRegistry::pickIdle(const std::string &wanted) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const std::shared_ptr<PrinterSession> &s : order_) {
    if (!wanted.empty() && s->name() != wanted)
      continue;
    if (s->state() == PrinterState::Idle)
      return s;
  }
  return nullptr;
}

std::vector<std::shared_ptr<PrinterSession>> SessionRegistry::snapshot() const {
  std::lock_guard<std::mutex> lock(mu_);
  return order_;
}

void SessionRegistry::remove(const std::string &name) {
  std::shared_ptr<PrinterSession> victim;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = byName_.find(name);
    if (it == byName_.end())
      return;
    victim = it->second;
    byName_.erase(it);
    byDevice_.erase(victim->device());
  }
  victim->close();
}

void SessionRegistry::broadcast(const std::string &gcode) {
  const std::vector<std::shared_ptr<PrinterSession>> targets = snapshot();
  for (const std::shared_ptr<PrinterSession> &session : targets)
    session->sendGcode(gcode); // BUG: use-after-close
}

void SessionRegistry::closeAll() {
  std::map<std::string, std::shared_ptr<PrinterSession>> all;
  {
    std::lock_guard<std::mutex> lock(mu_);
    all.swap(byName_);
    byDevice_.clear();
    order_.clear();
  }
  for (auto &entry : all)
    entry.second->close(); // OK: byName_ holds each session once; byDevice_ and order_ were only cleared
}

} // namespace printfarm
