// SessionRegistry implementation: a mutex-protected map of sessions by account.
// Planted defect: replace() sends the "replaced" notice to the old session after having
// disconnected it. kick() is the racing close for the engine's exec reports.
#include "matchd/registry.h"

#include "matchd/net_util.h"

namespace matchd {

std::shared_ptr<Session> SessionRegistry::find(std::uint64_t id) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

std::size_t SessionRegistry::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sessions_.size();
}

std::vector<std::shared_ptr<Session>> SessionRegistry::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::shared_ptr<Session>> out;
  out.reserve(sessions_.size());
  for (const auto &kv : sessions_) out.push_back(kv.second);
  return out;
}

void SessionRegistry::replace(std::uint64_t id, std::shared_ptr<Session> s) {
  std::shared_ptr<Session> old;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto &slot = sessions_[id];
    old = std::move(slot);
    slot = std::move(s);
  }
  if (!old) return;
  logInfo("registry: account " + std::to_string(id) + " logged on again, dropping the old session");
  old->disconnect();
  old->sendText("LOGOUT reason=replaced-by-new-logon"); // BUG: use-after-close
}

bool SessionRegistry::erase(std::uint64_t id, const Session *expected) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(id);
  if (it == sessions_.end() || it->second.get() != expected) return false;
  sessions_.erase(it);
  return true;
}

std::shared_ptr<Session> SessionRegistry::kick(std::uint64_t id) {
  std::shared_ptr<Session> victim;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return nullptr;
    victim = std::move(it->second);
    sessions_.erase(it);
  }
  victim->disconnect(); // SAME: kickRace
  return victim;
}

void SessionRegistry::disconnectAll() {
  std::map<std::uint64_t, std::shared_ptr<Session>> all;
  {
    std::lock_guard<std::mutex> lk(mu_);
    all.swap(sessions_);
  }
  for (auto &kv : all) kv.second->disconnect(); // OK: each map entry is a different session
}

std::size_t SessionRegistry::broadcast(const std::string &line) {
  std::size_t sent = 0;
  for (const auto &s : snapshot()) {
    if (s->trySendText(line)) ++sent; // OK: trySendText() checks the state under the session's lock
  }
  return sent;
}

} // namespace matchd
