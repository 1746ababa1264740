// Query resolution: local zone, hosts, cache, then upstream.
#pragma once
#include <chrono>
#include <optional>
#include <string>

#include "dnscache/cache.h"
#include "dnscache/dns_message.h"
#include "dnscache/health_checker.h"
#include "dnscache/hosts_file.h"
#include "dnscache/inflight_table.h"
#include "dnscache/metrics.h"
#include "dnscache/upstream_pool.h"
#include "dnscache/zone_file.h"

namespace dnscache {

class Resolver {
public:
  struct Options {
    int maxAttempts = 3;
    std::chrono::milliseconds timeout{1500};
  };

  Resolver(Options opts, const ZoneFile &zone, const HostsFile &hosts, Cache &cache,
           UpstreamPool &upstreams, HealthChecker &health, InflightTable &inflight,
           Metrics &metrics);

  /// The response for queryWire (SERVFAIL when no upstream answered); empty
  /// for datagrams that are not queries at all.
  std::string resolve(const std::string &queryWire, bool *fromCache);

private:
  std::optional<std::string> forward(const DnsMessage &query);

  Options opts_;
  const ZoneFile &zone_;
  const HostsFile &hosts_;
  Cache &cache_;
  UpstreamPool &upstreams_;
  HealthChecker &health_;
  InflightTable &inflight_;
  Metrics &metrics_;
};

} // namespace dnscache
