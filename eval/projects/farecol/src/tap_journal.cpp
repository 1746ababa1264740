// Tap journal: segment per service day, offsets recorded in the journal index.
#include "tap_journal.h"
#include "diagnostics.h"
#include "journal_index.h"
#include "segment_io.h"

#include <cerrno>
#include <unistd.h>

namespace farecol {

TapJournal::TapJournal(std::string directory, JournalIndex &index, Diagnostics &diag)
    : directory_(std::move(directory)), index_(index), diag_(diag) {}

TapJournal::~TapJournal() { close(); }

std::string TapJournal::pathFor(const ServiceDay &day) const { return directory_ + "/" + segmentFileName(day); }

Status TapJournal::open(const ServiceDay &day) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (segment_)
    return Status::invalid("tap journal is already open");
  const std::string path = pathFor(day);
  std::FILE *f = openSegment(path, day);
  if (!f)
    return Status::ioError(errno, path);
  std::fprintf(f, "#opened pid=%d\n", static_cast<int>(::getpid())); // OK
  segment_ = f;
  day_ = day;
  records_ = 0;
  return Status::success();
}

Status TapJournal::append(const TapEvent &ev) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!segment_)
    return Status::closed("tap journal");
  const long offset = std::ftell(segment_); // OK
  if (offset < 0 || !writeRecord(segment_, ev))
    return Status::ioError(errno, pathFor(day_));
  ++records_;
  return index_.record(seq_++, offset);
}

Status TapJournal::rotate(const ServiceDay &next) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!segment_)
    return Status::closed("tap journal");
  if (next == day_)
    return Status::success();
  const std::string path = pathFor(next);
  std::FILE *fresh = openSegment(path, next);
  if (!fresh)
    return Status::ioError(errno, path);

  const long end = std::ftell(segment_);
  const ServiceDay finished = day_;
  Status st = finishSegment(segment_, records_);
  segment_ = fresh;
  day_ = next;
  records_ = 0;
  std::fflush(segment_); // OK
  if (st.failed())
    diag_.error("segment %s not finished cleanly: %s", finished.str().c_str(), st.describe().c_str());
  Status idx = index_.recordEnd(end);
  if (idx.failed())
    diag_.warn("index: %s", idx.describe().c_str());
  return st;
}

Status TapJournal::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!segment_)
    return Status::closed("tap journal");
  if (std::fflush(segment_) != 0) // OK
    return Status::ioError(errno, pathFor(day_));
  return Status::success();
}

void TapJournal::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!segment_)
    return;
  Status st = finishSegment(segment_, records_);
  index_.recordEnd(std::ftell(segment_)); // BUG: use-after-close
  segment_ = nullptr;
  if (st.failed())
    diag_.error("last segment %s not finished cleanly: %s", day_.str().c_str(), st.describe().c_str());
}

bool TapJournal::isOpen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return segment_ != nullptr;
}

ServiceDay TapJournal::day() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return day_;
}

} // namespace farecol
