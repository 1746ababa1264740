// ReadingsStore: appends readings to the current day file, keeps the offset
// index in step, and rotates both when the UTC day changes.
#include "readings_store.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

ReadingsStore::ReadingsStore(std::string dataDir, AuditLog &audit)
    : dataDir_(std::move(dataDir)), audit_(audit), index_(dataDir_) {}

std::string ReadingsStore::dayPath(const std::string &dayKey) const {
  return dataDir_ + "/" + dayKey + ".rdg";
}

Status ReadingsStore::open(const std::string &dayKey) {
  auto next = std::make_unique<DayFile>(dayPath(dayKey));
  if (!next->isOpen()) {
    const int err = errno;
    audit_.record("store: cannot open %s: %s", next->path().c_str(), std::strerror(err));
    return Status::failure(err, "cannot open day file for " + dayKey, true);
  }
  if (!index_.open(dayKey))
    audit_.record("store: no offset index for %s, readers will scan", dayKey.c_str());
  day_ = std::move(next);
  writer_.attach(day_->stream()); // OK
  currentDay_ = dayKey;
  indexed_.clear();
  return {};
}

void ReadingsStore::append(const Reading &r) {
  if (!writable())
    throw std::runtime_error("readings store: day file for " + currentDay_ + " is closed");
  if (indexed_.insert(r.meterId).second)
    index_.add(r.meterId, day_->size() + writer_.pendingBytes()); // OK
  writer_.put(r);
}

Status ReadingsStore::sync() {
  if (!writable())
    return Status::failure(EBADF, "no open day file", true);
  const bool complete = writer_.flushPending();
  if (!complete || std::fflush(day_->stream()) != 0) { // OK
    const int err = complete ? errno : EIO;
    audit_.record("store: write to %s failed (%s), closing it", day_->path().c_str(),
                  std::strerror(err));
    writer_.detach();
    day_->close();
    closedDays_.push_back(currentDay_);
    return Status::failure(err, "day file write failed", true);
  }
  if (!index_.sync())
    return Status::failure(errno, "offset index sync failed");
  return {};
}

Status ReadingsStore::rotate(const std::string &dayKey) {
  if (dayKey == currentDay_ && writable())
    return {};
  if (writable()) {
    writer_.flushPending();
    std::FILE *cur = day_->stream();
    if (std::fflush(cur) != 0) {
      audit_.record("store: final flush of %s failed: %s", day_->path().c_str(),
                    std::strerror(errno));
      day_->close();
    }
    const long bytes = std::ftell(cur); // BUG: use-after-close
    audit_.record("store: closing day %s at %ld bytes", currentDay_.c_str(), bytes);
    writer_.detach();
    day_->close(); // OK
    if (!index_.seal())
      audit_.record("store: index of %s dropped", currentDay_.c_str());
    closedDays_.push_back(currentDay_);
  }
  return open(dayKey);
}

std::vector<std::string> ReadingsStore::takeClosedDays() {
  std::vector<std::string> out;
  out.swap(closedDays_);
  return out;
}
