// SessionManager: the session table.
#include "sqlproxy/SessionManager.h"

#include "sqlproxy/WireProtocol.h"

#include <sstream>

namespace sqlproxy {

void SessionManager::add(std::shared_ptr<Session> session) {
  std::lock_guard<std::mutex> lk(mu_);
  const uint64_t id = session->id();
  sessions_.emplace(id, std::move(session));
}

std::shared_ptr<Session> SessionManager::find(uint64_t id) const {
  std::lock_guard<std::mutex> lk(mu_);
  const auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Session>> SessionManager::snapshot() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<std::shared_ptr<Session>> out;
  out.reserve(sessions_.size());
  for (const auto &entry : sessions_)
    out.push_back(entry.second);
  return out;
}

std::size_t SessionManager::reap() {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t reaped = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    // Leave a closed session alone while a worker still holds it (find() and
    // snapshot() hand out references under this same lock), so that the table
    // is always the one that destroys it.
    if (it->second->closed() && it->second.use_count() == 1) {
      it = sessions_.erase(it); // BUG: double-close #sess_dtor
      ++reaped;
    } else {
      ++it;
    }
  }
  return reaped;
}

void SessionManager::broadcast(const std::string &text) {
  const std::string frame = wire::notice(text);
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &entry : sessions_) {
    if (entry.second->closed())
      continue;
    try {
      entry.second->reply(frame); // OK: closed sessions are skipped, and the callers stop every other closer first
    } catch (const ClientIoError &) {
      // the client is gone; the listener or closeAll() cleans it up
    }
  }
}

void SessionManager::closeAll() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &entry : sessions_)
    entry.second->close(); // OK: Session::close() is idempotent, sessions closed earlier are left alone
}

std::string SessionManager::describe() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::ostringstream out;
  for (const auto &entry : sessions_) {
    const Session &s = *entry.second;
    out << entry.first << ' ' << s.info().user << '@' << s.info().database << ' '
        << (s.closed() ? "closed" : (s.isIdle() ? "idle" : "busy")) << '\n';
  }
  return out.str();
}

std::size_t SessionManager::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sessions_.size();
}

} // namespace sqlproxy
