// log_rotator.cpp: LogRotator, the size-rotated access log. rotate() archives
// the current file as base.1 (shifting older archives up) and opens a new
// one; reopen() reopens the base path after an external logrotate.
#include "telemetry/log_rotator.h"
#include "telemetry/util.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace telemetry {

LogRotator::LogRotator(std::string basePath, std::size_t maxBytes, int keep)
    : basePath_(std::move(basePath)), maxBytes_(maxBytes),
      keep_(keep < 1 ? 1 : keep),
      active_(std::make_unique<RotatingLog>(basePath_)) {}

std::string LogRotator::archivePath(int index) const {
  return basePath_ + "." + std::to_string(index);
}

void LogRotator::append(const std::string &line) {
  if (!active_->is_open())
    return; // closed by close(), or by a rotation that could not reopen
  active_->write(line); // OK: is_open() checked just above
  if (active_->size() >= maxBytes_)
    rotate();
}

void LogRotator::rotate() {
  const std::string current = active_->path();
  active_->close();
  // base.(keep-1) -> base.keep, ..., base.1 -> base.2; missing ones are fine.
  for (int i = keep_ - 1; i >= 1; --i)
    std::rename(archivePath(i).c_str(), archivePath(i + 1).c_str());
  if (std::rename(current.c_str(), archivePath(1).c_str()) == 0) {
    active_ = std::make_unique<RotatingLog>(basePath_);
  } else {
    logError("access log: cannot archive " + current + ": " +
             std::strerror(errno));
  }
  // When rename() failed, active_ is still the log closed above.
  active_->write("# rotated " + nowIso8601() + "\n"); // BUG: use-after-close
}

void LogRotator::reopen() {
  active_->close();
  active_ = std::make_unique<RotatingLog>(basePath_);
  active_->write("# reopened " + nowIso8601() + "\n"); // OK: active_ now owns a freshly opened log
}

void LogRotator::close() { active_->close(); }

bool LogRotator::isOpen() const { return active_->is_open(); }

} // namespace telemetry
