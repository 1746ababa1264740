// Reusable connections to the artifact store.
#pragma once
#include <netconn.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace buildfarm {

// acquire() returns an idle connection (most recently used first) that has
// been idle for at most the keep-alive time, or opens a new one. release()
// puts a connection back for reuse (closed connections are dropped).
// closeIdle(maxAge) closes the connections idle for longer than maxAge so
// the store can free their slots. closeAll() closes every idle connection
// and empties the pool; connections released afterwards are closed.
// net::Connection::send() throws once the connection is closed.
class StorePool {
public:
  StorePool(std::string endpoint, std::chrono::seconds keepAlive,
            std::size_t maxIdle);
  ~StorePool();

  std::shared_ptr<net::Connection> acquire();
  void release(std::shared_ptr<net::Connection> conn);
  void closeIdle(std::chrono::seconds maxAge);
  void closeAll();
  std::size_t idleCount() const;

private:
  struct Idle {
    std::shared_ptr<net::Connection> conn;
    std::chrono::steady_clock::time_point since;
  };

  mutable std::mutex mutex_;
  std::string endpoint_;
  std::chrono::seconds keepAlive_;
  std::size_t maxIdle_;
  std::vector<Idle> idle_;
  bool closed_ = false;
};

} // namespace buildfarm
