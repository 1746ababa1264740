// StatementCache: remembers which SQL texts are already prepared on which
// backend connection, so that repeated parameterised queries skip the Parse.
//
// Entries are keyed by connection id and hold the connection by weak_ptr: the
// pool owns connections, the cache never keeps one alive.
//  - prepare(conn, sql) returns the statement name, sending Parse when the
//    statement is not cached yet. If the backend rejects the Parse (an
//    ErrorResponse), prepare() CLOSES conn and returns std::nullopt: after a
//    failed Parse we cannot tell which statement names exist in that backend
//    session, so the connection must not be reused. The caller must hand the
//    connection to ConnPool::discard(). I/O errors propagate as BackendIoError.
//  - invalidate(conn, sql) forgets one statement and, when conn is still open,
//    closes it on the backend (used after "cached plan must not change result
//    type").
//  - purgeExpired() forgets entries whose connection is gone or closed.
//  - deallocateAll() sends DEALLOCATE ALL on every cached connection that still
//    exists and forgets everything.
// Thread-safe; a connection passed in must be borrowed by the calling thread.
#pragma once
#include "sqlproxy/BackendConn.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace sqlproxy {

class StatementCache {
public:
  std::optional<std::string> prepare(const std::shared_ptr<BackendConn> &conn,
                                     const std::string &sql);
  void invalidate(const std::shared_ptr<BackendConn> &conn, const std::string &sql);
  void purgeExpired();
  void deallocateAll();
  std::size_t size() const;

private:
  struct Entry {
    std::weak_ptr<BackendConn> conn;
    std::map<std::string, std::string> names; // sql -> statement name
  };

  mutable std::mutex mu_;
  std::unordered_map<uint64_t, Entry> entries_;
  std::atomic<uint64_t> nextStmt_{1};
  uint64_t hits_ = 0;
};

} // namespace sqlproxy
