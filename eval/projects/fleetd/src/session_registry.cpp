// SessionRegistry: attaching, evicting and addressing sessions by VIN. The
// registry lock is never held while a session's own lock is taken for I/O,
// except for the short close() calls.
#include "session_registry.h"

#include <stdexcept>

#include "diagnostics.h"

namespace fleetd {

SessionRegistry::SessionRegistry(Diagnostics &diag) : diag_(diag) {}

SessionRegistry::~SessionRegistry() = default;

bool SessionRegistry::attach(const std::string &vin, std::unique_ptr<VehicleSession> session) {
  std::unique_lock<std::mutex> lock(mu_);
  auto it = entries_.find(vin);
  if (it != entries_.end() && !it->second.session->isClosed()) {
    lock.unlock();
    retire(std::move(session), "duplicate connection");
    return false;
  }
  entries_[vin] = Entry{std::shared_ptr<VehicleSession>(std::move(session)), 0, {}};
  return true;
}

void SessionRegistry::evict(const std::string &vin, const std::string &reason) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(vin);
  if (it == entries_.end())
    return;
  CloseResult r = it->second.session->close();
  if (!r.closed)
    return;
  it->second.closedAtMs = nowMs();
  it->second.reason = reason;
  if (r.err != 0)
    diag_.printf("session %s: close after '%s' failed: errno %d", vin.c_str(), reason.c_str(), r.err);
  else
    diag_.printf("session %s evicted: %s", vin.c_str(), reason.c_str());
}

void SessionRegistry::push(const std::string &vin, const std::string &command) {
  std::shared_ptr<VehicleSession> session;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = entries_.find(vin);
    if (it == entries_.end())
      throw std::out_of_range("unknown vehicle " + vin);
    session = it->second.session;
  }
  session->push(command); // SAME: evict-push
}

bool SessionRegistry::pushIfLive(const std::string &vin, const std::string &command) {
  std::shared_ptr<VehicleSession> session = find(vin);
  if (!session)
    return false;
  return session->tryPush(command); // OK
}

std::shared_ptr<VehicleSession> SessionRegistry::find(const std::string &vin) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(vin);
  if (it == entries_.end())
    return nullptr;
  return it->second.session;
}

std::vector<std::shared_ptr<VehicleSession>> SessionRegistry::live() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::shared_ptr<VehicleSession>> out;
  out.reserve(entries_.size());
  for (const auto &entry : entries_)
    if (!entry.second.session->isClosed())
      out.push_back(entry.second.session);
  return out;
}

std::vector<std::pair<int, std::string>> SessionRegistry::pollTargets() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::pair<int, std::string>> out;
  for (const auto &entry : entries_) {
    const VehicleSession &s = *entry.second.session;
    if (!s.isClosed())
      out.emplace_back(s.fd(), entry.first);
  }
  return out;
}

std::size_t SessionRegistry::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

void SessionRegistry::retire(std::unique_ptr<VehicleSession> session, const char *why) {
  CloseResult r = session->close();
  std::lock_guard<std::mutex> lock(mu_);
  ++retired_;
  diag_.printf("session %s retired (%s)%s", session->vin().c_str(), why, // OK
               r.err != 0 ? ", close failed" : "");
}

} // namespace fleetd
