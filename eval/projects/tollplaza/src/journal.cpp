// Journal: billed transactions appended to CSV segments. A segment is rotated
// when it reaches the size limit; the index records where each one ended. A
// failed rotation marks the journal failed: appends and syncs are refused
// from then on and the plaza keeps the transactions in the billing backlog.
#include "journal.h"

#include <cstdio>
#include <unistd.h>
#include <utility>

namespace toll {

namespace {
const char kSegmentHeader[] = "id,lane,ts,account,plate,cents\n";
}

Journal::Journal(std::string dir, std::size_t segmentLimit) : dir_(std::move(dir)), limit_(segmentLimit) {}

Journal::~Journal() {
  if (seg_ != nullptr)
    std::fclose(seg_); // BUG: double-close
}

std::string Journal::segmentPath(int n) const {
  char name[32];
  std::snprintf(name, sizeof name, "seg-%06d.csv", n);
  return dir_ + "/" + name;
}

Result Journal::open() {
  Result r = index_.open(dir_ + "/index.bin");
  if (!r.ok())
    return r;
  segNo_ = 1;
  seg_ = std::fopen(segmentPath(segNo_).c_str(), "a");
  if (seg_ == nullptr)
    return Result::fromErrno("journal: open " + segmentPath(segNo_));
  std::fseek(seg_, 0, SEEK_END);
  const long at = std::ftell(seg_);
  bytes_ = at > 0 ? static_cast<std::size_t>(at) : 0;
  if (bytes_ == 0)
    std::fputs(kSegmentHeader, seg_);
  return Result::success();
}

Result Journal::rotate() {
  const int rc = std::fclose(seg_);
  Result r = index_.recordSegmentEnd(segNo_, bytes_);
  if (rc != 0) {
    failed_ = true;
    return Result::fromErrno("journal: closing segment " + std::to_string(segNo_));
  }
  if (!r.ok()) {
    failed_ = true;
    return r;
  }
  const std::string next = segmentPath(segNo_ + 1);
  std::FILE *f = std::fopen(next.c_str(), "a");
  if (f == nullptr) {
    failed_ = true;
    return Result::fromErrno("journal: open " + next);
  }
  seg_ = f;
  ++segNo_;
  bytes_ = 0;
  std::fputs(kSegmentHeader, seg_); // OK: seg_ points at the segment opened just above
  return Result::success();
}

Result Journal::append(const Transaction &tx) {
  if (failed_ || seg_ == nullptr)
    return Result::failure("journal: not writable");
  if (bytes_ >= limit_) {
    Result r = rotate();
    if (!r.ok())
      return r;
  }
  const auto id = static_cast<unsigned long long>(tx.id);
  const auto ts = static_cast<long long>(tx.tsMillis);
  const auto cents = static_cast<long long>(tx.cents);
  const int n = std::fprintf(seg_, "%llu,%d,%lld,%s,%s,%lld\n", id, tx.lane, ts, tx.account.c_str(), tx.plate.c_str(), cents); // OK: a failed rotate() returned above, a successful one reopened seg_
  if (n < 0)
    return Result::fromErrno("journal: write");
  bytes_ += static_cast<std::size_t>(n);
  return Result::success();
}

Result Journal::sync() {
  if (failed_ || seg_ == nullptr)
    return Result::failure("journal: not writable");
  if (std::fflush(seg_) != 0) // OK: rotate() sets failed_ whenever it leaves seg_ closed
    return Result::fromErrno("journal: flush");
  if (::fsync(::fileno(seg_)) != 0)
    return Result::fromErrno("journal: fsync");
  return index_.sync();
}

Result Journal::close() {
  Result r = index_.close();
  if (seg_ != nullptr && !failed_) {
    if (std::fclose(seg_) != 0 && r.ok())
      r = Result::fromErrno("journal: close segment");
    seg_ = nullptr;
  }
  return r;
}

} // namespace toll
