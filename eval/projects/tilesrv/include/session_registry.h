// SessionRegistry: the live client sessions by id, plus the client token each
// one presented in HELLO. A reconnecting client replaces its older session;
// idle sessions are evicted by the server's periodic tick.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>

#include "client_session.h"
#include "common.h"

namespace tilesrv {

enum class CloseReason { PeerClosed, ClientQuit, Idle, Replaced, ProtocolError, Abuse, Error, Shutdown };
const char *toString(CloseReason reason);

class SessionRegistry {
public:
  using SessionPtr = std::shared_ptr<ClientSession>;
  using CloseCallback = std::function<void(const ClientSession &, CloseReason)>;

  SessionRegistry(std::chrono::seconds idleTimeout, std::size_t maxSessions);
  ~SessionRegistry();

  // Takes the session over; a refused session is dropped (and its socket
  // closed) before admit() returns.
  bool admit(std::unique_ptr<ClientSession> session);

  SessionPtr find(SessionId id) const;
  SessionPtr findByToken(const std::string &token) const;

  // Binds the token to `session`; a different session holding the token is
  // closed and removed (the client reconnected).
  void bindToken(const std::string &token, const SessionPtr &session);

  void remove(SessionId id, CloseReason reason);
  std::size_t evictIdle(Clock::time_point now);
  void closeAll(CloseReason reason);

  void setOnClose(CloseCallback callback) { onClose_ = std::move(callback); }
  void setIdleTimeout(std::chrono::seconds timeout) { idleTimeout_ = timeout; }
  void setMaxSessions(std::size_t maxSessions) { maxSessions_ = maxSessions; }

  std::size_t size() const { return sessions_.size(); }

  template <typename F> void forEach(F &&fn) const {
    for (const auto &entry : sessions_)
      fn(entry.second);
  }

private:
  void dropToken(const ClientSession &session);
  void notifyClosed(const ClientSession &session, CloseReason reason);

  std::chrono::seconds idleTimeout_;
  std::size_t maxSessions_;
  std::map<SessionId, SessionPtr> sessions_;
  std::unordered_map<std::string, SessionId> tokens_;
  CloseCallback onClose_;
};

} // namespace tilesrv
