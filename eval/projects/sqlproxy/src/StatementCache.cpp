// StatementCache: per-connection prepared statement bookkeeping.
#include "sqlproxy/StatementCache.h"

#include "sqlproxy/WireProtocol.h"

namespace sqlproxy {

std::optional<std::string> StatementCache::prepare(const std::shared_ptr<BackendConn> &conn,
                                                   const std::string &sql) {
  {
    std::lock_guard<std::mutex> lk(mu_);
    Entry &e = entries_[conn->id()];
    if (e.conn.expired())
      e.conn = conn;
    const auto it = e.names.find(sql);
    if (it != e.names.end()) {
      ++hits_;
      return it->second;
    }
  }

  const std::string name = "sp" + std::to_string(conn->id()) + "_" + std::to_string(nextStmt_++);
  conn->send(wire::parse(name, sql));
  conn->send(wire::sync());
  bool parsed = false;
  std::string why;
  for (;;) {
    const wire::Message m = conn->recvMessage();
    if (m.type == '1') // ParseComplete
      parsed = true;
    else if (m.type == 'E')
      why = wire::errorField(m, 'M');
    if (m.type == 'Z')
      break;
  }
  if (!parsed) {
    // We can't tell what the backend session holds under this name now; the
    // connection is not worth saving.
    conn->close();
    return std::nullopt;
  }

  // Ask for the parameter description once, so that a statement whose
  // parameter count does not match fails here and not in the middle of a Bind.
  conn->send(wire::describeStatement(name)); // OK: the failure branch above returned after closing
  conn->send(wire::sync());
  conn->drainResult();

  std::lock_guard<std::mutex> lk(mu_);
  entries_[conn->id()].names.emplace(sql, name);
  return name;
}

void StatementCache::invalidate(const std::shared_ptr<BackendConn> &conn, const std::string &sql) {
  std::string name;
  {
    std::lock_guard<std::mutex> lk(mu_);
    const auto e = entries_.find(conn->id());
    if (e == entries_.end())
      return;
    const auto it = e->second.names.find(sql);
    if (it == e->second.names.end())
      return;
    name = it->second;
    e->second.names.erase(it);
  }
  if (!conn->isOpen())
    return; // the statement died with the connection
  conn->send(wire::closeStatement(name)); // OK: isOpen() checked just above and the caller is the only user of conn
  conn->send(wire::sync());
  conn->drainResult();
}

void StatementCache::purgeExpired() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto it = entries_.begin(); it != entries_.end();) {
    const std::shared_ptr<BackendConn> c = it->second.conn.lock();
    if (!c || !c->isOpen())
      it = entries_.erase(it);
    else
      ++it;
  }
}

void StatementCache::deallocateAll() {
  std::lock_guard<std::mutex> lk(mu_);
  for (auto &entry : entries_) {
    const std::shared_ptr<BackendConn> conn = entry.second.conn.lock();
    if (!conn)
      continue; // the connection is gone, and its statements with it
    conn->send(wire::simpleQuery("DEALLOCATE ALL")); // SAME: stmt_dealloc
    conn->drainResult();
  }
  entries_.clear();
}

std::size_t StatementCache::size() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::size_t n = 0;
  for (const auto &entry : entries_)
    n += entry.second.names.size();
  return n;
}

} // namespace sqlproxy
