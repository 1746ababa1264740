// Query resolution: local zone, hosts, cache, then upstream.
#include "dnscache/resolver.h"

#include "dnscache/logging.h"
#include "dnscache/scope_guard.h"

namespace dnscache {

Resolver::Resolver(Options opts, const ZoneFile &zone, const HostsFile &hosts, Cache &cache,
                   UpstreamPool &upstreams, HealthChecker &health, InflightTable &inflight,
                   Metrics &metrics)
    : opts_(opts), zone_(zone), hosts_(hosts), cache_(cache), upstreams_(upstreams),
      health_(health), inflight_(inflight), metrics_(metrics) {}

std::string Resolver::resolve(const std::string &queryWire, bool *fromCache) {
  if (fromCache)
    *fromCache = false;
  metrics_.query();
  auto query = DnsMessage::parse(queryWire);
  if (!query || query->isResponse())
    return {};
  if (auto local = zone_.answer(*query))
    return *local;
  if (query->question().qtype == kTypeA) {
    if (auto addr = hosts_.lookupA(query->question().name))
      return DnsMessage::makeA(queryWire, *addr, 300);
  }
  const std::string key = query->cacheKey();
  if (auto hit = cache_.lookup(key, query->id())) {
    metrics_.cacheHit();
    if (fromCache)
      *fromCache = true;
    return *hit;
  }
  metrics_.cacheMiss();
  auto reply = forward(*query);
  if (!reply) {
    metrics_.servfail();
    return DnsMessage::makeError(queryWire, kRcodeServFail);
  }
  auto parsed = DnsMessage::parse(*reply);
  if (parsed && !parsed->truncated() &&
      (parsed->rcode() == kRcodeNoError || parsed->rcode() == kRcodeNxDomain)) {
    const uint32_t ttl = parsed->minTtl();
    if (ttl > 0)
      cache_.insert(key, *reply, ttl);
  }
  return *reply;
}

std::optional<std::string> Resolver::forward(const DnsMessage &query) {
  auto conn = upstreams_.acquire();
  for (int attempt = 0; conn && attempt < opts_.maxAttempts; ++attempt) {
    metrics_.upstreamQuery();
    const auto token = inflight_.add(query.question().name, conn);
    auto untrack = makeScopeGuard([this, token] { inflight_.remove(token); });
    try {
      std::string reply = conn->exchange(query.wire(), opts_.timeout); // BUG: use-after-close #upshutdown — Server::stop() closes every pooled connection (UpstreamPool::closeAll) before the worker pool is drained, so a worker can get here with a connection the pool already closed
      upstreams_.release(std::move(conn));
      return reply;
    } catch (const UpstreamTimeout &) {
      metrics_.upstreamTimeout();
      health_.requestCheck(conn->upstreamIndex());
      upstreams_.retire(conn);
    } catch (const UpstreamError &e) {
      upstreams_.retire(conn);
      logDebug("resolver: retired connection to %s: %s", conn->address().c_str(), e.what()); // OK: address() is a plain field, not a socket operation
    }
    conn = upstreams_.acquire(); // the retired one is closed: continue on another connection
  }
  return std::nullopt;
}

} // namespace dnscache
