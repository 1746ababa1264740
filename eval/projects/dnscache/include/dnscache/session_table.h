// Live TCP sessions keyed by session id.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "dnscache/tcp_session.h"

namespace dnscache {

/// The table holds one reference to each session; the task serving it and its
/// idle timer may hold others. remove() erases the entry and closes the
/// session. closeAll() closes every session and empties the table.
class SessionTable {
public:
  void add(std::shared_ptr<TcpSession> session);
  std::shared_ptr<TcpSession> find(int id) const;
  void remove(int id);
  void closeAll();
  std::size_t size() const;
  std::vector<std::shared_ptr<TcpSession>> snapshot() const;

private:
  mutable std::mutex mu_;
  std::map<int, std::shared_ptr<TcpSession>> sessions_;
};

} // namespace dnscache
