// SessionRegistry, continued: handing a VIN over to a new connection, the
// periodic idle sweep and reaping, and closing everything at shutdown.
#include "session_registry.h"

#include "diagnostics.h"

namespace fleetd {

Outcome SessionRegistry::handover(const std::string &vin, std::unique_ptr<VehicleSession> incoming) {
  std::unique_lock<std::mutex> lock(mu_);
  auto it = entries_.find(vin);
  if (it == entries_.end()) {
    entries_[vin] = Entry{std::shared_ptr<VehicleSession>(std::move(incoming)), 0, {}};
    return Outcome{false, 0, "no previous session"};
  }
  std::shared_ptr<VehicleSession> previous = it->second.session;
  if (previous->createdMs() > incoming->createdMs()) {
    lock.unlock();
    retire(std::move(incoming), "stale reconnect");
    return Outcome{true, 0, "a newer connection already owns " + vin};
  }
  std::vector<std::string> carried = previous->takePending();
  incoming->adoptToken(previous->token());
  CloseResult closed = previous->close();
  if (closed.err != 0)
    diag_.printf("session %s: closing the previous connection failed: errno %d", vin.c_str(),
                 closed.err);
  for (const std::string &command : carried)
    incoming->push(command); // OK
  std::size_t replayed = carried.size();
  it->second = Entry{std::shared_ptr<VehicleSession>(std::move(incoming)), 0, {}};
  return Outcome{false, replayed, {}};
}

std::size_t SessionRegistry::closeIdle(std::int64_t nowMs, std::int64_t idleMs) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t closed = 0;
  for (auto &entry : entries_) {
    const std::shared_ptr<VehicleSession> &s = entry.second.session;
    if (s->isClosed() || nowMs - s->lastSeenMs() < idleMs)
      continue;
    CloseResult r = s->closeIfIdle();
    if (r.closed) {
      entry.second.closedAtMs = nowMs;
      entry.second.reason = "idle";
      ++closed;
      continue;
    }
    s->push("PING"); // OK
  }
  return closed;
}

void SessionRegistry::closeAll(const std::string &reason) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::int64_t now = nowMs();
  for (auto &entry : entries_) {
    CloseResult r = entry.second.session->close(); // SAME: broadcast-race
    if (!r.closed)
      continue;
    entry.second.closedAtMs = now;
    entry.second.reason = reason;
  }
  diag_.printf("closed all %zu sessions: %s", entries_.size(), reason.c_str());
}

std::size_t SessionRegistry::reap(std::int64_t nowMs, std::int64_t lingerMs) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t reaped = 0;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->second.session->isClosed() && nowMs - it->second.closedAtMs >= lingerMs) {
      it = entries_.erase(it);
      ++reaped;
    } else {
      ++it;
    }
  }
  return reaped;
}

} // namespace fleetd
