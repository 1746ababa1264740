// SessionPool: sessions by id. closeSession() expires one session and keeps
// it in the map until remove(); closeAll() expires every session.
#include "relay/session_pool.h"

#include <utility>

namespace relay {

Session &SessionPool::add(std::unique_ptr<Session> session) {
  const std::string id = session->id();
  auto &slot = sessions_[id];
  slot = std::move(session);
  return *slot;
}

bool SessionPool::sendTo(const std::string &id, const std::string &message) {
  auto it = sessions_.find(id);
  if (it == sessions_.end())
    return false;
  it->second->send(message); // SAME: kick
  return true;
}

void SessionPool::broadcast(const std::string &message) {
  for (auto &entry : sessions_)
    entry.second->send(message); // SAME: bye
}

void SessionPool::closeSession(const std::string &id) {
  auto it = sessions_.find(id);
  if (it != sessions_.end())
    it->second->expire();
}

void SessionPool::closeAll() {
  for (auto &entry : sessions_)
    entry.second->expire();
}

void SessionPool::remove(const std::string &id) { sessions_.erase(id); }

} // namespace relay
