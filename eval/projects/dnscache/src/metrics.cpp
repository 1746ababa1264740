// Process counters: JSON for Kafka, Prometheus textfile for node_exporter.
#include "dnscache/metrics.h"

#include <cstdio>

#include "dnscache/file_closer.h"

namespace dnscache {

MetricsSnapshot Metrics::snapshot() const {
  MetricsSnapshot s;
  s.queries = queries_.load();
  s.cacheHits = cacheHits_.load();
  s.cacheMisses = cacheMisses_.load();
  s.upstreamQueries = upstreamQueries_.load();
  s.upstreamTimeouts = upstreamTimeouts_.load();
  s.servfail = servfail_.load();
  s.udpSendFailures = udpSendFailures_.load();
  s.tcpAccepted = tcpAccepted_.load();
  s.tcpRejected = tcpRejected_.load();
  s.acceptBacklog = acceptBacklog_.load();
  return s;
}

std::string Metrics::toJson() const {
  const MetricsSnapshot s = snapshot();
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{\"queries\":%llu,\"cache_hits\":%llu,\"cache_misses\":%llu,"
                "\"upstream_queries\":%llu,\"upstream_timeouts\":%llu,\"servfail\":%llu,"
                "\"udp_send_failures\":%llu,\"tcp_accepted\":%llu,\"tcp_rejected\":%llu,"
                "\"accept_backlog\":%lld}",
                static_cast<unsigned long long>(s.queries),
                static_cast<unsigned long long>(s.cacheHits),
                static_cast<unsigned long long>(s.cacheMisses),
                static_cast<unsigned long long>(s.upstreamQueries),
                static_cast<unsigned long long>(s.upstreamTimeouts),
                static_cast<unsigned long long>(s.servfail),
                static_cast<unsigned long long>(s.udpSendFailures),
                static_cast<unsigned long long>(s.tcpAccepted),
                static_cast<unsigned long long>(s.tcpRejected),
                static_cast<long long>(s.acceptBacklog));
  return buf;
}

bool Metrics::writeTextfile(const std::string &path) const {
  const std::string tmp = path + ".tmp";
  std::FILE *fp = std::fopen(tmp.c_str(), "w");
  if (!fp)
    return false;
  FileCloser closer(fp);
  const MetricsSnapshot s = snapshot();
  std::fprintf(fp, "dnscache_queries_total %llu\n", static_cast<unsigned long long>(s.queries));
  std::fprintf(fp, "dnscache_cache_hits_total %llu\n", static_cast<unsigned long long>(s.cacheHits));
  std::fprintf(fp, "dnscache_cache_misses_total %llu\n",
               static_cast<unsigned long long>(s.cacheMisses));
  std::fprintf(fp, "dnscache_upstream_timeouts_total %llu\n",
               static_cast<unsigned long long>(s.upstreamTimeouts));
  std::fprintf(fp, "dnscache_servfail_total %llu\n", static_cast<unsigned long long>(s.servfail));
  std::fprintf(fp, "dnscache_tcp_accept_backlog %lld\n", static_cast<long long>(s.acceptBacklog));
  // close() reports deferred write errors and leaves the closer empty.
  if (closer.close() != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0; // OK: ~FileCloser runs here but close() already released the FILE*
}

} // namespace dnscache
