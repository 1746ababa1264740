// Live TCP sessions keyed by session id.
#include "dnscache/session_table.h"

#include "dnscache/logging.h"

namespace dnscache {

void SessionTable::add(std::shared_ptr<TcpSession> session) {
  std::lock_guard<std::mutex> lk(mu_);
  const int id = session->id();
  sessions_[id] = std::move(session);
}

std::shared_ptr<TcpSession> SessionTable::find(int id) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

void SessionTable::remove(int id) {
  std::shared_ptr<TcpSession> session;
  {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(id);
    if (it == sessions_.end())
      return;
    session = std::move(it->second);
    sessions_.erase(it);
  }
  // Other holders (the idle timer) keep the object alive, not the socket.
  session->close(); // SAME: idlerace
}

void SessionTable::closeAll() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &kv : sessions_)
    kv.second->close();
  // Report answers the kernel never got out: those clients will retry.
  long unsent = 0;
  for (auto &kv : sessions_)
    unsent += kv.second->unsentBytes(); // BUG: use-after-close — every session was closed by the loop above; unsentBytes() throws std::logic_error once closed (the count had to be taken before closing)
  if (unsent > 0)
    logWarn("tcp: %ld response bytes were still queued at shutdown", unsent);
  sessions_.clear();
}

std::size_t SessionTable::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sessions_.size();
}

std::vector<std::shared_ptr<TcpSession>> SessionTable::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::shared_ptr<TcpSession>> out;
  out.reserve(sessions_.size());
  for (const auto &kv : sessions_)
    out.push_back(kv.second);
  return out;
}

} // namespace dnscache
