// SegmentStore: appends samples to the active segment, rolls over to a new
// segment at the size limit and records segment boundaries in the index.
#include "segment_store.h"

#include "log.h"
#include "recovery.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace histd {

std::string SegmentStore::segmentPath(const std::string &dir, uint32_t number) {
  char name[32];
  std::snprintf(name, sizeof name, "seg-%08u.dat", number);
  return dir + "/" + name;
}

SegmentStore::SegmentStore(std::string dir, uint64_t maxSegmentBytes)
    : dir_(std::move(dir)), maxBytes_(maxSegmentBytes) {
  fs::create_directories(dir_);
  const RecoveryReport report = recoverDirectory(dir_);
  if (report.unsealed || report.quarantined || report.indexBytesTrimmed)
    log::warn("store %s: recovered (%zu unsealed, %zu quarantined, %zu index bytes trimmed)",
              dir_.c_str(), report.unsealed, report.quarantined, report.indexBytesTrimmed);

  uint32_t last = 0;
  for (const fs::directory_entry &e : fs::directory_iterator(dir_)) {
    unsigned n = 0;
    const std::string name = e.path().filename().string();
    if (std::sscanf(name.c_str(), "seg-%8u.dat", &n) == 1) {
      if (std::find(sealed_.begin(), sealed_.end(), n) == sealed_.end())
        sealed_.push_back(n);
      last = std::max<uint32_t>(last, n);
    }
  }
  std::sort(sealed_.begin(), sealed_.end());

  index_.open(dir_ + "/segments.idx");
  active_ = std::make_unique<SegmentFile>(segmentPath(dir_, last + 1), last + 1);
  IndexEntry start;
  start.segNo = last + 1;
  start.kind = IndexEntry::SegmentStart;
  start.firstTs = nowMicros();
  index_.append(start);
}

SegmentStore::~SegmentStore() { close(); }

void SegmentStore::onSealed(std::function<void(const SealedSegment &)> fn) {
  std::lock_guard<std::mutex> lock(mu_);
  onSealed_ = std::move(fn);
}

void SegmentStore::rollover() {
  active_->seal(); // OK
  const uint32_t number = active_->number();
  IndexEntry end;
  end.segNo = number;
  end.kind = IndexEntry::SegmentEnd;
  end.aux = active_->count();
  index_.append(end);

  std::unique_ptr<SegmentFile> next;
  try {
    next = std::make_unique<SegmentFile>(segmentPath(dir_, number + 1), number + 1);
  } catch (const std::system_error &e) {
    log::error("store: cannot start segment %u: %s", number + 1, e.what());
  }
  if (!next)
    return;

  sealed_.push_back(number);
  const SealedSegment sealed{number, active_->path()};
  active_ = std::move(next);
  IndexEntry start;
  start.segNo = number + 1;
  start.kind = IndexEntry::SegmentStart;
  start.firstTs = nowMicros();
  index_.append(start);
  if (onSealed_)
    onSealed_(sealed);
}

void SegmentStore::append(const std::vector<Sample> &samples) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("segment store " + dir_ + " is closed");
  for (const Sample &s : samples) {
    if (active_->bytes() + kSampleRecordBytes + kSegmentFooterBytes > maxBytes_)
      rollover();
    active_->append(s); // BUG: use-after-close
    ++samplesWritten_;
  }
}

void SegmentStore::flush() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_ || active_->sealed())
    return;
  active_->flush(); // OK
}

void SegmentStore::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  active_->seal(); // OK
  index_.close(); // SAME: compactor-index-race
}

bool SegmentStore::isClosed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

uint64_t SegmentStore::samplesWritten() const {
  std::lock_guard<std::mutex> lock(mu_);
  return samplesWritten_;
}

std::vector<std::string> SegmentStore::segmentPaths() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  out.reserve(sealed_.size() + 1);
  for (uint32_t n : sealed_) {
    const std::string raw = segmentPath(dir_, n);
    std::error_code ec;
    out.push_back(fs::exists(raw + ".z", ec) ? raw + ".z" : raw);
  }
  out.push_back(active_->path());
  return out;
}

void SegmentStore::forget(uint32_t number) {
  std::lock_guard<std::mutex> lock(mu_);
  sealed_.erase(std::remove(sealed_.begin(), sealed_.end(), number), sealed_.end());
}

std::vector<uint32_t> SegmentStore::sealedNumbers() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sealed_;
}

} // namespace histd
