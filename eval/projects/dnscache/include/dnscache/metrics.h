// Process counters.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

namespace dnscache {

struct MetricsSnapshot {
  uint64_t queries = 0;
  uint64_t cacheHits = 0;
  uint64_t cacheMisses = 0;
  uint64_t upstreamQueries = 0;
  uint64_t upstreamTimeouts = 0;
  uint64_t servfail = 0;
  uint64_t udpSendFailures = 0;
  uint64_t tcpAccepted = 0;
  uint64_t tcpRejected = 0;
  int64_t acceptBacklog = 0;
};

class Metrics {
public:
  void query() { queries_++; }
  void cacheHit() { cacheHits_++; }
  void cacheMiss() { cacheMisses_++; }
  void upstreamQuery() { upstreamQueries_++; }
  void upstreamTimeout() { upstreamTimeouts_++; }
  void servfail() { servfail_++; }
  void udpSendFailed() { udpSendFailures_++; }
  void tcpAccepted() { tcpAccepted_++; }
  void tcpRejected() { tcpRejected_++; }
  void setAcceptBacklog(int64_t n) { acceptBacklog_.store(n); }

  MetricsSnapshot snapshot() const;
  std::string toJson() const;
  /// Prometheus textfile-collector format, written to a temp file and renamed.
  bool writeTextfile(const std::string &path) const;

private:
  std::atomic<uint64_t> queries_{0}, cacheHits_{0}, cacheMisses_{0}, upstreamQueries_{0},
      upstreamTimeouts_{0}, servfail_{0}, udpSendFailures_{0}, tcpAccepted_{0}, tcpRejected_{0};
  std::atomic<int64_t> acceptBacklog_{0};
};

} // namespace dnscache
