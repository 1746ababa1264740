// MetricsPublisher: aggregates serving counters and publishes them to Kafka.
// The producer is shared with the audit trail. Ordinary counters are best
// effort (dropped when the producer is gone); the final cache figures are
// sent as they are.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "cache_stats.h"
#include "common.h"
#include "messaging.h"
#include "tile_key.h"

namespace tilesrv {

class MetricsPublisher {
public:
  MetricsPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic, std::string host);
  ~MetricsPublisher();

  MetricsPublisher(const MetricsPublisher &) = delete;
  MetricsPublisher &operator=(const MetricsPublisher &) = delete;

  // Switches to another producer (and topic); the old one is flushed.
  void attach(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic);
  void setTopic(std::string topic);

  void tileServed(const TileKey &key, bool cacheHit, std::chrono::microseconds latency);
  void tileRendered(const TileKey &key, bool ok, std::chrono::milliseconds took);
  void sessionClosed(SessionId id, const char *reason);
  void configReloaded(std::uint64_t generation);
  void cacheClosed(const CacheStats &stats);

  void flush();
  void stop();
  std::uint64_t dropped() const;

private:
  void emitCountersLocked();
  void publishLocked(const std::string &name, const std::string &value);

  mutable std::mutex mutex_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  const std::string host_;
  std::uint64_t served_ = 0;
  std::uint64_t hits_ = 0;
  std::uint64_t rendered_ = 0;
  std::uint64_t renderFailures_ = 0;
  std::uint64_t latencyMicros_ = 0;
  std::uint64_t dropped_ = 0;
  bool stopped_ = false;
};

} // namespace tilesrv
