// Named connections to the storage backends, handed out as shared_ptr.
//
// Semantics: every name owns a slot holding its current connection.
//  - get()/find() return the slot's current connection (which may be closed).
//  - recycle() closes the slot's connection but keeps the slot; the connection
//    is not replaced -- users call reopen() (Gateway::connectionFor does) before
//    the next request.
//  - reopen() closes the old connection if it is still open, opens a fresh one,
//    stores it in the slot and returns it.
//  - close() closes every open connection and the pool itself. Afterwards add(),
//    get(), find(), names(), recycle() and reopen() throw std::runtime_error
//    ("backend pool closed"). close() is idempotent; the destructor calls it.
#pragma once
#include "objgw/Config.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace objgw {

class BackendConnection;

class BackendPool {
public:
  explicit BackendPool(int timeoutMs);
  ~BackendPool();
  BackendPool(const BackendPool &) = delete;
  BackendPool &operator=(const BackendPool &) = delete;

  void add(const std::string &name, const Endpoint &ep);
  std::shared_ptr<BackendConnection> get(const std::string &name) const;
  std::shared_ptr<BackendConnection> find(const std::string &name) const;
  std::vector<std::string> names() const;

  void recycle(const std::string &name);
  std::shared_ptr<BackendConnection> reopen(const std::string &name);

  void close();
  bool isClosed() const;

private:
  struct Slot {
    Endpoint endpoint;
    std::shared_ptr<BackendConnection> conn;
  };
  void requireOpenLocked() const;

  int timeoutMs_;
  mutable std::mutex mu_;
  std::map<std::string, Slot> slots_;
  bool closed_ = false;
};

} // namespace objgw
