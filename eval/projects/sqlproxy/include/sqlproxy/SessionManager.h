// SessionManager: the table of live client sessions, keyed by session id.
//  - find(id) returns the session or nullptr.
//  - snapshot() copies the sessions out (for the listener's poll set).
//  - reap() forgets closed sessions; the table is the owner of record, so a
//    forgotten session is destroyed unless a worker still holds it.
//  - broadcast(text) sends a NoticeResponse to every open session; client
//    sockets that fail are ignored.
//  - closeAll() closes every session (Session::close() is idempotent).
// Thread-safe.
#pragma once
#include "sqlproxy/Session.h"
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sqlproxy {

class SessionManager {
public:
  void add(std::shared_ptr<Session> session);
  std::shared_ptr<Session> find(uint64_t id) const;
  std::vector<std::shared_ptr<Session>> snapshot() const;
  std::size_t reap();
  void broadcast(const std::string &text);
  void closeAll();
  std::string describe() const;
  std::size_t size() const;

private:
  mutable std::mutex mu_;
  std::map<uint64_t, std::shared_ptr<Session>> sessions_;
};

} // namespace sqlproxy
