// AuditLog: one line per operator action, written with O_APPEND. close() is
// idempotent; rotate() reopens the path after archiving the old file.
#include "audit_log.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <utility>

namespace ww {

AuditLog::AuditLog(std::string path) : path_(std::move(path)) {}

Status AuditLog::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_.valid()) return Status::Ok();
  fd_.reset(::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640));
  if (!fd_.valid()) return Status::Error(StatusCode::kIoError, "cannot open audit log " + path_);
  return Status::Ok();
}

void AuditLog::append(const std::string& who, const std::string& what) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!fd_.valid()) throw std::runtime_error("audit log closed");
  const std::string line = std::to_string(wall_clock_ms()) + " " + who + ": " + what + "\n";
  const char* p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    ssize_t n = ::write(fd_.get(), p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error("audit log write failed");
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

Status AuditLog::rotate() {
  std::lock_guard<std::mutex> lk(mu_);
  fd_.close();
  const std::string archived = path_ + "." + std::to_string(wall_clock_ms());
  if (std::rename(path_.c_str(), archived.c_str()) != 0)
    return Status::Error(StatusCode::kIoError, "audit rotate: cannot archive " + path_);
  fd_.reset(::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640)); // OK: close() above already emptied the handle
  if (!fd_.valid()) return Status::Error(StatusCode::kIoError, "audit rotate: cannot reopen " + path_);
  return Status::Ok();
}

void AuditLog::close() {
  std::lock_guard<std::mutex> lk(mu_);
  fd_.close();
}

bool AuditLog::is_open() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_.valid();
}

}  // namespace ww
