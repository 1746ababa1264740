// SessionRegistry: live encoder sessions by stream key.
#include "ingestd/session_registry.h"
#include "ingestd/session.h"

namespace ingestd {

std::shared_ptr<Session> SessionRegistry::replace(const std::string &key,
                                                  std::shared_ptr<Session> session) {
  std::shared_ptr<Session> prev;
  {
    std::lock_guard<std::mutex> lk(mu_);
    std::shared_ptr<Session> &slot = sessions_[key];
    prev = std::move(slot);
    slot = std::move(session);
  }
  if (prev)
    prev->close();
  return prev;
}

std::shared_ptr<Session> SessionRegistry::find(const std::string &key) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(key);
  return it == sessions_.end() ? nullptr : it->second;
}

bool SessionRegistry::remove(const std::string &key, const Session *expected) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(key);
  if (it == sessions_.end() || it->second.get() != expected)
    return false;
  sessions_.erase(it);
  return true;
}

std::vector<std::shared_ptr<Session>> SessionRegistry::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::shared_ptr<Session>> out;
  out.reserve(sessions_.size());
  for (const auto &entry : sessions_)
    out.push_back(entry.second);
  return out;
}

void SessionRegistry::closeAll() {
  for (const auto &s : snapshot())
    s->close(); // OK: Session::close() is idempotent
}

void SessionRegistry::broadcast(const std::string &text) {
  for (const auto &s : snapshot())
    s->sendNotice(text); // SAME: broadcast_closed
}

std::size_t SessionRegistry::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sessions_.size();
}

std::string SessionRegistry::describe() const {
  std::string out;
  for (const auto &s : snapshot())
    out += s->streamKey() + (s->isClosed() ? " closed\n" : " live\n");
  return out.empty() ? "no sessions\n" : out;
}

} // namespace ingestd
