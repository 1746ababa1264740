// Mirrors finished-segment frames to a standby ingest node over a
// repl::ReplicationChannel (replication.h: send() on a closed channel fails
// with "replication channel closed"). resync() sends the full manifest, on
// a fresh channel if the current one has been retired. stop() is
// idempotent; replicate() and resync() do nothing after stop().
#pragma once
#include "ingestd/segment_info.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace repl {
class ReplicationChannel;
}

namespace ingestd {

class HealthMonitor;
class LogFile;
class Segmenter;

class SegmentReplicator {
public:
  SegmentReplicator(std::string peer, LogFile &log);
  ~SegmentReplicator();
  SegmentReplicator(const SegmentReplicator &) = delete;
  SegmentReplicator &operator=(const SegmentReplicator &) = delete;

  void start(Segmenter &segmenter, HealthMonitor &health);
  void replicate(const SegmentInfo &info);
  void resync();
  void stop();

private:
  std::string manifestFrame() const;

  std::string peer_;
  LogFile &log_;
  std::mutex mu_;
  std::unique_ptr<repl::ReplicationChannel> channel_;
  std::vector<SegmentInfo> recent_;
  std::uint64_t drops_ = 0;
  bool stopped_ = false;
};

} // namespace ingestd
