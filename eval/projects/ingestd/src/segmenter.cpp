// Segmenter: cuts stream chunks into rotating segment files.
#include "ingestd/segmenter.h"
#include "ingestd/fallback_spool.h"
#include "ingestd/log_file.h"
#include "ingestd/scoped_closer.h"
#include "ingestd/segment_index.h"
#include "ingestd/segment_writer.h"
#include "ingestd/shutdown_list.h"
#include "ingestd/stats.h"

#include <cerrno>
#include <cstdio>
#include <sys/stat.h>

namespace ingestd {
namespace {

constexpr char kInitMagic[] = "INGESTD-INIT\x01";

} // namespace

Segmenter::Segmenter(std::string segmentDir, std::size_t maxSegmentBytes,
                     std::shared_ptr<FallbackSpool> spool, LogFile &log, Stats &stats)
    : dir_(std::move(segmentDir)), maxSegmentBytes_(maxSegmentBytes), spool_(std::move(spool)),
      log_(log), stats_(stats) {}

Segmenter::~Segmenter() {
  // Finish the segments of a segmenter that is destroyed without flush()
  // (for example after a failed start).
  for (auto &entry : streams_) {
    if (entry.second.writer)
      entry.second.writer->close(); // SAME: seg_dtor
  }
}

bool Segmenter::start(ShutdownList &shutdown) {
  ::mkdir(dir_.c_str(), 0755);
  index_ = std::make_unique<SegmentIndex>();
  if (!index_->open(dir_ + "/index.csv")) {
    log_.warn("segmenter: cannot open index in %s", dir_.c_str());
    return false;
  }
  shutdown.add("segment-index", [this] {
    index_->close(); // OK: SegmentIndex::close() is idempotent, flush() usually closed it already
  });
  // The segmenter is the last writer of the spool: close it at shutdown.
  shutdown.add("fallback-spool", [spool = spool_] {
    spool->close(); // BUG: double-close
  });
  return true;
}

void Segmenter::onSegmentComplete(CompleteFn fn) {
  std::lock_guard<std::mutex> lk(mu_);
  onComplete_.push_back(std::move(fn));
}

std::string Segmenter::segmentPath(const std::string &key, std::uint64_t seq) const {
  char name[32];
  std::snprintf(name, sizeof name, "%08llu.seg", static_cast<unsigned long long>(seq));
  return dir_ + "/" + key + "/" + name;
}

void Segmenter::append(const std::string &key, const Chunk &chunk) {
  std::lock_guard<std::mutex> lk(mu_);
  StreamState &st = streams_[key];
  if (chunk.isConfig) {
    st.header = chunk.data;
    if (!st.initWritten)
      st.initWritten = writeInitSegment(key, chunk.data);
    return;
  }
  if (!st.writer) {
    ::mkdir((dir_ + "/" + key).c_str(), 0755);
    st.writer = SegmentWriter::open(segmentPath(key, st.seq), key, st.seq);
    if (!st.writer) {
      log_.warn("cannot open segment for %s (errno %d), spooling", key.c_str(), errno);
      spool_->append(key, chunk.data);
      return;
    }
  }
  if (chunk.keyframe && st.writer->bytes() >= maxSegmentBytes_ && !rotate(key, st))
    log_.warn("segment rotation failed for %s", key.c_str());
  st.writer->write(chunk.data.data(), chunk.data.size()); // BUG: use-after-close
}

bool Segmenter::rotate(const std::string &key, StreamState &st) {
  notifyComplete(st.writer->close());
  std::unique_ptr<SegmentWriter> next = SegmentWriter::open(segmentPath(key, st.seq + 1), key, st.seq + 1);
  if (!next)
    return false;
  st.writer = std::move(next);
  ++st.seq;
  if (!st.header.empty())
    st.writer->write(st.header.data(), st.header.size()); // OK: st.writer is the freshly opened segment
  return true;
}

bool Segmenter::writeInitSegment(const std::string &key, const std::string &codecConfig) {
  ::mkdir((dir_ + "/" + key).c_str(), 0755);
  std::unique_ptr<SegmentWriter> init = SegmentWriter::open(dir_ + "/" + key + "/init.seg", key, 0);
  if (!init)
    return false;
  SegmentInfo info;
  {
    auto guard = closeOnExit(*init); // never leave the init file open if a write throws
    init->write(kInitMagic, sizeof kInitMagic - 1);
    init->write(codecConfig.data(), codecConfig.size());
    info = init->close(); // close explicitly so that fsync errors surface here
  } // BUG: double-close #closer_guard
  index_->appendInit(key, info.path);
  return true;
}

void Segmenter::writeSidecar(const SegmentInfo &info) {
  std::unique_ptr<SegmentWriter> side = SegmentWriter::open(info.path + ".json", info.streamKey, info.seq);
  if (!side)
    return; // sidecars are best effort
  auto guard = closeOnExit(*side);
  const std::string json = toJson(info);
  side->write(json.data(), json.size());
  guard.dismiss();
  side->close(); // OK: the guard was dismissed, this is the only close
}

void Segmenter::notifyComplete(const SegmentInfo &info) {
  stats_.segments.fetch_add(1);
  index_->append(info);
  writeSidecar(info);
  for (const CompleteFn &fn : onComplete_)
    fn(info);
}

void Segmenter::endStream(const std::string &key) {
  std::lock_guard<std::mutex> lk(mu_);
  auto it = streams_.find(key);
  if (it == streams_.end())
    return;
  if (it->second.writer && !it->second.writer->isClosed())
    notifyComplete(it->second.writer->close()); // OK: isClosed() checked first
  streams_.erase(it);
}

bool Segmenter::compactIndex(const std::function<bool(const std::string &line)> &keep) {
  std::lock_guard<std::mutex> lk(mu_);
  return index_->compact(keep);
}

void Segmenter::flush() {
  std::lock_guard<std::mutex> lk(mu_);
  if (flushed_)
    return;
  flushed_ = true;
  for (auto &entry : streams_) {
    StreamState &st = entry.second;
    if (st.writer && !st.writer->isClosed())
      notifyComplete(st.writer->close()); // OK: a writer left closed by a failed rotation is skipped
  }
  if (index_)
    index_->close();
  log_.info("segmenter flushed %zu streams", streams_.size());
}

} // namespace ingestd
