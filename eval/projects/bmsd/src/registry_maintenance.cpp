// SessionRegistry sweeps over all sessions: idle detection with heartbeats,
// reaping of closed sessions after the handover grace period, retiring
// controllers removed from the configuration, and closing everything at
// shutdown.
#include "session_registry.h"

namespace bmsd {

std::size_t SessionRegistry::sweepIdle(Clock::time_point now,
                                       std::chrono::seconds limit) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t closed = 0;
  for (auto &[id, session] : sessions_) {
    if (session->isClosed())
      continue;
    if (now - session->lastSeen() > limit) {
      session->close("no traffic for " + std::to_string(limit.count()) + "s");
      ++closed;
    }
    session->sendHeartbeat(now); // BUG: use-after-close
  }
  return closed;
}

std::size_t SessionRegistry::reapClosed(Clock::time_point now,
                                        std::chrono::seconds grace) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t reaped = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    const SessionPtr &session = it->second;
    if (session->isClosed() && now - session->closedAt() > grace) {
      it = sessions_.erase(it);
      ++reaped;
    } else {
      ++it;
    }
  }
  return reaped;
}

std::size_t SessionRegistry::retireUnlisted(const std::set<std::string> &allowed,
                                            const PointValue &rosterRevision) {
  std::lock_guard<std::mutex> lock(mu_);
  std::size_t retired = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    SessionPtr &session = it->second;
    if (allowed.count(it->first) == 0) {
      session->close("controller removed from the configuration");
      it = sessions_.erase(it);
      ++retired;
      continue;
    }
    if (!session->isClosed())
      session->writePoint(rosterRevision); // OK
    ++it;
  }
  return retired;
}

void SessionRegistry::closeAll(const std::string &reason) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto &[id, session] : sessions_) {
    session->sendGoodbye(reason); // OK: sendGoodbye() skips a session that is already closed
    session->close(reason); // OK: sessions evicted earlier are already closed; close() is idempotent
  }
  sessions_.clear();
}

} // namespace bmsd
