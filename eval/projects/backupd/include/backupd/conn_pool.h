// ConnPool: a fixed set of StorageConn per storage endpoint.
//
// Semantics:
//   - acquire() hands out an idle connection, reconnecting it lazily if it was
//     closed; it blocks while none is idle and throws std::runtime_error once
//     closeAll() ran or when every endpoint is down.
//   - release(c, healthy): an unhealthy connection is closed (if still open);
//     it stays in the pool, closed, and a later acquire() reconnects it.
//   - markDown(c) closes c and every idle connection to c's endpoint and stops
//     handing that endpoint out.
//   - closeAll() closes every open connection (idle or handed out); it is
//     idempotent. The destructor calls closeAll().
//   - a keepalive thread pings idle connections under mu_.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "backupd/config.h"
#include "backupd/storage_conn.h"

namespace backupd {

class ConnPool {
public:
  ConnPool(const std::vector<Endpoint> &endpoints, std::size_t perEndpoint,
           std::chrono::seconds keepalive);
  ~ConnPool();
  ConnPool(const ConnPool &) = delete;
  ConnPool &operator=(const ConnPool &) = delete;

  std::shared_ptr<StorageConn> acquire();
  void release(std::shared_ptr<StorageConn> conn, bool healthy);
  void markDown(const std::shared_ptr<StorageConn> &failed);
  void closeAll();

  void startKeepalive();
  void stopKeepalive();

private:
  void keepaliveLoop();
  bool anyEndpointUpLocked() const;

  std::mutex mu_;
  std::condition_variable available_;
  std::condition_variable keepaliveCv_;
  std::vector<std::shared_ptr<StorageConn>> all_;
  std::deque<std::shared_ptr<StorageConn>> idle_;
  std::set<std::string> endpoints_;
  std::set<std::string> down_;
  std::chrono::seconds keepaliveInterval_;
  std::thread keepalive_;
  bool stopKeepalive_ = false;
  bool closed_ = false;
};

} // namespace backupd
