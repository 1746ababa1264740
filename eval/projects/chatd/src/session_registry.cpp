#include "chatd/session_registry.h"
#include "chatd/session.h"

#include <utility>

namespace chatd {

SessionRegistry::SessionRegistry() = default;
SessionRegistry::~SessionRegistry() = default;

Session &SessionRegistry::add(std::unique_ptr<Session> session) {
  std::unique_ptr<Session> &slot = sessions_[session->nick()];
  slot = std::move(session);
  return *slot;
}

Session *SessionRegistry::find(const std::string &nick) {
  auto it = sessions_.find(nick);
  return it == sessions_.end() ? nullptr : it->second.get();
}

bool SessionRegistry::closeSession(const std::string &nick) {
  auto it = sessions_.find(nick);
  if (it == sessions_.end())
    return false;
  it->second->close();
  return true;
}

void SessionRegistry::closeAll() {
  for (auto &entry : sessions_)
    entry.second->close();
  sessions_.clear(); // OK: ~Session calls close() again, which returns at once for a closed session
}

std::size_t SessionRegistry::reap() {
  std::size_t dropped = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (!it->second->isOpen()) {
      it = sessions_.erase(it);
      ++dropped;
    } else {
      ++it;
    }
  }
  return dropped;
}

void SessionRegistry::sendTo(const std::string &nick, const std::string &line) {
  Session *session = find(nick);
  if (session == nullptr || !session->isOpen())
    return;
  session->send(line); // OK: unknown and closed sessions are skipped above
}

std::vector<std::string> SessionRegistry::nicks() const {
  std::vector<std::string> out;
  out.reserve(sessions_.size());
  for (const auto &entry : sessions_)
    out.push_back(entry.first);
  return out;
}

} // namespace chatd
