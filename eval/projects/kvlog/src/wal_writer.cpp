// WalWriter: appends to the current segment and rolls segments over by size.
#include "kvlog/wal_writer.h"
#include "kvlog/log.h"

#include <cinttypes>
#include <cstdio>
#include <stdexcept>

namespace kvlog {

WalWriter::WalWriter(std::string dir, long maxSegmentBytes)
    : dir_(std::move(dir)), maxSegmentBytes_(maxSegmentBytes) {}

WalWriter::~WalWriter() {
  close(); // OK: closing the current segment again is a no-op
}

std::string WalWriter::segmentPath(std::uint64_t index) const {
  char name[64];
  std::snprintf(name, sizeof name, "/wal-%08" PRIu64 ".log", index);
  return dir_ + name;
}

bool WalWriter::open(std::uint64_t segmentIndex) {
  std::lock_guard<std::mutex> lock(mu_);
  segmentIndex_ = segmentIndex;
  current_ = WalSegment::create(segmentPath(segmentIndex_));
  return current_ != nullptr;
}

void WalWriter::setListener(Listener listener) {
  std::lock_guard<std::mutex> lock(mu_);
  listener_ = std::move(listener);
}

void WalWriter::rotateLocked() {
  // A previous rotation may have failed after closing the segment: then only
  // the new segment has to be created.
  if (current_->isOpen()) {
    current_->sync(); // OK: only while the segment is still open
    current_->close();
  }
  const std::string next = segmentPath(segmentIndex_ + 1);
  std::unique_ptr<WalSegment> segment = WalSegment::create(next);
  if (!segment) {
    logError("wal: rotation to %s failed", next.c_str());
    return;
  }
  ++segmentIndex_;
  current_ = std::move(segment);
  logInfo("wal: rolled over to %s", current_->path().c_str()); // OK: current_ now points at the new segment
}

void WalWriter::append(const WalRecord &rec) {
  const std::string frame = WalCodec::encode(rec);
  std::lock_guard<std::mutex> lock(mu_);
  if (current_->size() + static_cast<long>(frame.size()) > maxSegmentBytes_)
    rotateLocked();
  current_->append(frame); // BUG: use-after-close
  lastSeq_ = rec.seq;
  if (listener_)
    listener_(rec, frame);
}

void WalWriter::appendBatch(const std::vector<WalRecord> &batch) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const WalRecord &rec : batch) {
    const std::string frame = WalCodec::encode(rec);
    if (current_->size() + static_cast<long>(frame.size()) > maxSegmentBytes_)
      rotateLocked();
    if (!current_->isOpen())
      throw std::runtime_error("wal: no open segment");
    current_->append(frame); // OK: isOpen() checked just above
    lastSeq_ = rec.seq;
    if (listener_)
      listener_(rec, frame);
  }
  if (!batch.empty())
    current_->sync(); // OK: the loop above appended to an open segment
}

bool WalWriter::rotate() {
  std::lock_guard<std::mutex> lock(mu_);
  rotateLocked();
  return current_->isOpen(); // OK: isOpen() only reports the state
}

void WalWriter::sync() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!current_)
    throw std::logic_error("wal: not open");
  current_->sync();
}

void WalWriter::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (current_)
    current_->close(); // OK: WalSegment::close() is idempotent
}

std::uint64_t WalWriter::lastSeq() const {
  std::lock_guard<std::mutex> lock(mu_);
  return lastSeq_;
}

} // namespace kvlog
