// SessionRegistry: console sessions by id. remove() closes the session it
// drops; close_idle() and close_all() close only sessions that are open.
#include "session_registry.h"

#include <exception>
#include <utility>

namespace ww {

std::shared_ptr<ConsoleSession> SessionRegistry::add(int fd, std::string peer) {
  std::lock_guard<std::mutex> lk(mu_);
  const int id = next_id_++;
  auto session = std::make_shared<ConsoleSession>(id, fd, std::move(peer));
  sessions_.emplace(id, session);
  return session;
}

std::shared_ptr<ConsoleSession> SessionRegistry::find(int id) const {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

bool SessionRegistry::remove(int id) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return false;
  it->second->close(); // SAME: kick_twice
  sessions_.erase(it);
  return true;
}

std::size_t SessionRegistry::close_idle(std::chrono::seconds max_idle) {
  std::lock_guard<std::mutex> lk(mu_);
  const auto now = std::chrono::steady_clock::now();
  std::size_t closed = 0;
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    ConsoleSession& s = *it->second;
    if (s.is_open() && now - s.last_activity() > max_idle) {
      s.send_line("idle for too long, goodbye"); // OK: is_open() checked in the condition
      s.close();
      it = sessions_.erase(it);
      ++closed;
    } else {
      ++it;
    }
  }
  return closed;
}

void SessionRegistry::close_all(const std::string& reason) {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto& kv : sessions_) {
    ConsoleSession& s = *kv.second;
    if (!s.is_open()) continue;
    s.send_line("console closing: " + reason); // OK: closed sessions were skipped above
    s.close(); // OK: once per session, and only for open ones
  }
  sessions_.clear();
}

std::size_t SessionRegistry::broadcast(const std::string& line) {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t sent = 0;
  for (auto& kv : sessions_) {
    if (!kv.second->is_open()) continue;
    kv.second->send_line(line); // OK: closed sessions are skipped
    ++sent;
  }
  return sent;
}

std::size_t SessionRegistry::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  return sessions_.size();
}

}  // namespace ww
