// SessionRegistry: per-controller operations (adopt, evict, write, command,
// handover, lookups).
#include "session_registry.h"

namespace bmsd {

SessionRegistry::SessionPtr SessionRegistry::find(const std::string &id) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

Status SessionRegistry::adopt(const std::string &id, SessionPtr session) {
  std::lock_guard<std::mutex> lock(mu_);
  SessionPtr &slot = sessions_[id];
  if (slot && !slot->isClosed()) {
    session->close("controller id " + id + " is already connected");
    return Status::error(Status::Code::Rejected,
                         "controller " + id + " already has a live session");
  }
  slot = std::move(session);
  return Status::ok();
}

Status SessionRegistry::evict(const std::string &id, const std::string &reason) {
  SessionPtr session = find(id);
  if (!session)
    return Status::error(Status::Code::NotFound, "no session for " + id);
  session->close(reason); // SAME: pool-session
  return Status::ok();
}

Status SessionRegistry::write(const std::string &id, const PointValue &point) {
  SessionPtr session = find(id);
  if (!session)
    return Status::error(Status::Code::NotFound, "no session for " + id);
  session->writePoint(point); // SAME: evicted-write
  return Status::ok();
}

Status SessionRegistry::command(const std::string &id, const Command &cmd) {
  SessionPtr session = find(id);
  if (!session || session->isClosed())
    return Status::error(Status::Code::NotFound, "controller " + id + " is offline");
  session->sendCommand(cmd); // OK
  return Status::ok();
}

Status SessionRegistry::handover(const std::string &id, SessionPtr fresh,
                                 std::uint32_t controllerLastAcked) {
  SessionPtr old;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = sessions_.find(id);
    if (it != sessions_.end())
      old = it->second;
    sessions_[id] = fresh;
  }
  if (old) {
    old->close("superseded by a new connection from " + id); // OK: idempotent, old may already be evicted
    fresh->adoptOutstanding(old->takeOutstanding()); // OK
  }
  fresh->resume(controllerLastAcked);
  fresh->replayUnacked(); // BUG: use-after-close
  return Status::ok();
}

std::vector<SessionRegistry::SessionPtr> SessionRegistry::openSessions() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<SessionPtr> open;
  open.reserve(sessions_.size());
  for (const auto &[id, session] : sessions_)
    if (!session->isClosed())
      open.push_back(session);
  return open;
}

std::size_t SessionRegistry::activeCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t n = 0;
  for (const auto &[id, session] : sessions_)
    if (!session->isClosed())
      ++n;
  return n;
}

std::size_t SessionRegistry::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}

} // namespace bmsd
