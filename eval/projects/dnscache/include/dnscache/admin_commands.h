// Admin command interpreter behind the control socket.
#pragma once
#include <functional>
#include <string>

#include "dnscache/cache.h"
#include "dnscache/cache_snapshot.h"
#include "dnscache/inflight_table.h"
#include "dnscache/metrics.h"
#include "dnscache/query_log.h"
#include "dnscache/session_table.h"
#include "dnscache/upstream_pool.h"

namespace dnscache {

/// execute() never throws: failures become "ERR <reason>" replies.
class AdminCommands {
public:
  struct Hooks {
    std::function<void()> reload;
    std::function<void()> shutdown;
    std::function<void()> saveSnapshot;
  };

  AdminCommands(Cache &cache, CacheSnapshot &snapshot, QueryLog &log, UpstreamPool &upstreams,
                SessionTable &sessions, InflightTable &inflight, Metrics &metrics, Hooks hooks);

  std::string execute(const std::string &line);

private:
  std::string listSessions() const;

  Cache &cache_;
  CacheSnapshot &snapshot_;
  QueryLog &log_;
  UpstreamPool &upstreams_;
  SessionTable &sessions_;
  InflightTable &inflight_;
  Metrics &metrics_;
  Hooks hooks_;
};

} // namespace dnscache
