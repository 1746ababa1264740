// SessionRegistry: a std::map of unique_ptr<UpstreamConn> keyed by user id.
// open() closes and replaces a previous session of the same id; sendTo() and
// broadcast() skip closed sessions; closeSession() closes by key and leaves the
// entry in the map (prune() erases it later); closeAll() also runs from the
// destructor over sessions closed before. Quiet lines: the send after the
// replacement in open(), sendTo()'s and broadcast()'s guarded sends, and
// closeAll()'s close of sessions that may already be closed. The bug that
// closes through this map is in admin.cpp (banUser).
#include "gateway/registry.h"

#include <iterator>

namespace gateway {

SessionRegistry::~SessionRegistry() { closeAll(); }

UpstreamConn &SessionRegistry::open(const std::string &id, const std::string &endpoint) {
  std::unique_ptr<UpstreamConn> &slot = sessions_[id];
  if (slot)
    slot->close();
  slot = std::make_unique<UpstreamConn>(endpoint);
  slot->send("SESSION " + id); // OK: a fresh connection replaced the closed one
  return *slot;
}

UpstreamConn *SessionRegistry::find(const std::string &id) {
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second.get();
}

bool SessionRegistry::sendTo(const std::string &id, const std::string &line) {
  auto it = sessions_.find(id);
  if (it == sessions_.end() || it->second->isClosed())
    return false;
  return it->second->send(line); // OK: closed sessions are skipped above
}

void SessionRegistry::broadcast(const std::string &line) {
  for (auto &entry : sessions_) {
    if (entry.second->isClosed())
      continue;
    entry.second->send(line); // OK: closed sessions are skipped
  }
}

void SessionRegistry::closeSession(const std::string &id) {
  auto it = sessions_.find(id);
  if (it != sessions_.end())
    it->second->close();
}

void SessionRegistry::closeAll() {
  for (auto &entry : sessions_)
    entry.second->close(); // OK: idempotent; some were closed by closeSession()
}

std::size_t SessionRegistry::prune() {
  std::size_t erased = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (it->second->isClosed()) {
      it = sessions_.erase(it);
      ++erased;
    } else {
      ++it;
    }
  }
  return erased;
}

std::vector<std::string> SessionRegistry::ids() const {
  std::vector<std::string> out;
  out.reserve(sessions_.size());
  for (const auto &entry : sessions_)
    out.push_back(entry.first);
  return out;
}

} // namespace gateway
