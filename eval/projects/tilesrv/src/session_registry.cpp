// SessionRegistry: admission, token binding on reconnect, idle eviction and
// the final close of every session.
#include "session_registry.h"

#include <vector>

#include "log.h"
#include "protocol.h"

namespace tilesrv {

const char *toString(CloseReason reason) {
  switch (reason) {
  case CloseReason::PeerClosed: return "peer-closed";
  case CloseReason::ClientQuit: return "quit";
  case CloseReason::Idle: return "idle";
  case CloseReason::Replaced: return "replaced";
  case CloseReason::ProtocolError: return "protocol-error";
  case CloseReason::Abuse: return "abuse";
  case CloseReason::Error: return "error";
  case CloseReason::Shutdown: return "shutdown";
  }
  return "unknown";
}

SessionRegistry::SessionRegistry(std::chrono::seconds idleTimeout, std::size_t maxSessions)
    : idleTimeout_(idleTimeout), maxSessions_(maxSessions) {}

SessionRegistry::~SessionRegistry() { closeAll(CloseReason::Shutdown); } // OK: closeAll() clears the map

bool SessionRegistry::admit(std::unique_ptr<ClientSession> session) {
  if (sessions_.size() >= maxSessions_) {
    session->send(protocol::formatError(503, "server busy, try another node"));
    return false;
  }
  const SessionId id = session->id();
  sessions_.emplace(id, SessionPtr(std::move(session)));
  return true;
}

SessionRegistry::SessionPtr SessionRegistry::find(SessionId id) const {
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

SessionRegistry::SessionPtr SessionRegistry::findByToken(const std::string &token) const {
  auto it = tokens_.find(token);
  return it == tokens_.end() ? nullptr : find(it->second);
}

void SessionRegistry::bindToken(const std::string &token, const SessionPtr &session) {
  auto it = tokens_.find(token);
  if (it != tokens_.end() && it->second != session->id()) {
    const SessionId previous = it->second;
    log::info("client %s reconnected: session %llu replaces %llu", token.c_str(),
              static_cast<unsigned long long>(session->id()), static_cast<unsigned long long>(previous));
    remove(previous, CloseReason::Replaced);
  }
  if (!session->token().empty() && session->token() != token)
    dropToken(*session);
  tokens_[token] = session->id();
  session->setToken(token);
}

void SessionRegistry::remove(SessionId id, CloseReason reason) {
  auto it = sessions_.find(id);
  if (it == sessions_.end())
    return;
  SessionPtr session = std::move(it->second);
  sessions_.erase(it);
  dropToken(*session);
  session->close();
  notifyClosed(*session, reason);
}

std::size_t SessionRegistry::evictIdle(Clock::time_point now) {
  std::vector<SessionId> expired;
  for (auto &[id, session] : sessions_) {
    if (now - session->lastActivity() < idleTimeout_)
      continue;
    session->close();
    expired.push_back(id);
  }
  for (SessionId id : expired) {
    const SessionPtr &session = sessions_.at(id);
    session->send(protocol::bye("idle timeout")); // BUG: use-after-close
    dropToken(*session);
    notifyClosed(*session, CloseReason::Idle);
    sessions_.erase(id);
  }
  return expired.size();
}

void SessionRegistry::closeAll(CloseReason reason) {
  for (auto &[id, session] : sessions_) {
    if (session->isOpen())
      session->send(protocol::bye("server shutting down")); // OK
    session->close();
    notifyClosed(*session, reason);
  }
  sessions_.clear();
  tokens_.clear();
}

void SessionRegistry::dropToken(const ClientSession &session) {
  if (session.token().empty())
    return;
  auto it = tokens_.find(session.token());
  if (it != tokens_.end() && it->second == session.id())
    tokens_.erase(it);
}

void SessionRegistry::notifyClosed(const ClientSession &session, CloseReason reason) {
  if (!onClose_)
    return;
  try {
    onClose_(session, reason);
  } catch (const std::exception &e) {
    log::warn("close callback for session %llu failed: %s", static_cast<unsigned long long>(session.id()),
              e.what());
  }
}

} // namespace tilesrv
