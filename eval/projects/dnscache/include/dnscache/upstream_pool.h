// Pool of upstream connections, checked out one query at a time.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "dnscache/upstream_connection.h"

namespace dnscache {

/// Every connection is listed in all_ (keyed by connection id) for stats and
/// shutdown; idle ones are also parked in their upstream's idle list.
/// acquire() hands out an idle connection of a healthy upstream (opening one
/// if below perUpstream); release() parks it again; retire() closes it and
/// forgets it. All closes of pooled connections happen under mu_.
class UpstreamPool {
public:
  UpstreamPool(std::vector<std::string> addresses, std::size_t perUpstream);
  ~UpstreamPool();
  UpstreamPool(const UpstreamPool &) = delete;
  UpstreamPool &operator=(const UpstreamPool &) = delete;

  std::size_t connectAll();
  std::shared_ptr<UpstreamConnection> acquire();
  /// An idle (or new) connection to one upstream, whatever its health.
  std::shared_ptr<UpstreamConnection> checkout(std::size_t upstream);
  void release(std::shared_ptr<UpstreamConnection> conn);
  void retire(const std::shared_ptr<UpstreamConnection> &conn);

  void markDown(std::size_t upstream);
  void markUp(std::size_t upstream);
  bool isUp(std::size_t upstream) const;
  std::size_t upstreamCount() const;
  std::string address(std::size_t upstream) const;
  std::string describe() const;
  void closeAll();

private:
  struct Upstream {
    std::string address;
    bool up = true;
    std::size_t open = 0;
    std::deque<std::shared_ptr<UpstreamConnection>> idle;
  };
  std::shared_ptr<UpstreamConnection> takeLocked(std::size_t upstream);

  mutable std::mutex mu_;
  std::vector<Upstream> upstreams_;
  std::map<uint64_t, std::shared_ptr<UpstreamConnection>> all_;
  std::size_t perUpstream_;
  std::size_t next_ = 0;
  uint64_t nextId_ = 1;
  bool closed_ = false;
};

} // namespace dnscache
