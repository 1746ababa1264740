// SegmentReplicator: mirrors finished segments to a standby ingest node.
#include "ingestd/segment_replicator.h"
#include "ingestd/health_monitor.h"
#include "ingestd/link_check.h"
#include "ingestd/log_file.h"
#include "ingestd/segmenter.h"

#include "replication.h"

namespace ingestd {
namespace {

constexpr std::size_t kRecentSegments = 64;

std::string segmentFrame(const SegmentInfo &info) { return "SEG " + toJson(info); }

} // namespace

SegmentReplicator::SegmentReplicator(std::string peer, LogFile &log)
    : peer_(std::move(peer)), log_(log),
      channel_(std::make_unique<repl::ReplicationChannel>(peer_)) {}

SegmentReplicator::~SegmentReplicator() {
  stop(); // OK: stop() is idempotent
}

void SegmentReplicator::start(Segmenter &segmenter, HealthMonitor &health) {
  segmenter.onSegmentComplete([this](const SegmentInfo &info) { replicate(info); });
  health.addCheck("standby", [this] {
    std::lock_guard<std::mutex> lk(mu_);
    return !stopped_ && channel_->connected(); // OK: a state query, the frame path is not touched
  });
}

void SegmentReplicator::replicate(const SegmentInfo &info) {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  recent_.push_back(info);
  if (recent_.size() > kRecentSegments)
    recent_.erase(recent_.begin());
  if (!retireIfDraining(*channel_)) {
    ++drops_;
    log_.warn("standby %s is not accepting frames (%llu dropped so far)", peer_.c_str(),
              static_cast<unsigned long long>(drops_));
  }
  channel_->send(segmentFrame(info)); // BUG: use-after-close
}

std::string SegmentReplicator::manifestFrame() const {
  std::string frame = "MANIFEST";
  for (const SegmentInfo &info : recent_)
    frame += "\n" + toJson(info);
  return frame;
}

void SegmentReplicator::resync() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  if (!retireIfDraining(*channel_)) {
    log_.info("standby link to %s retired, opening a new one", peer_.c_str());
    channel_ = std::make_unique<repl::ReplicationChannel>(peer_);
  }
  channel_->send(manifestFrame()); // OK: a retired channel was replaced just above
}

void SegmentReplicator::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (stopped_)
    return;
  stopped_ = true;
  if (channel_->IsClosed())
    return;
  channel_->flush(); // OK: IsClosed() checked just above
  channel_->close(); // OK: only reached for a channel that is still open
}

} // namespace ingestd
