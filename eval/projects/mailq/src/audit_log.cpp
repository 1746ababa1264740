// AuditLog: O_APPEND audit trail on a raw descriptor (see audit_log.h).
#include "mailq/audit_log.h"

#include <cerrno>
#include <ctime>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

namespace mailq {

namespace {

int openAppend(const std::string &path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path);
  return fd;
}

void writeAll(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "audit write");
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}

std::string timestamp() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

} // namespace

AuditLog::AuditLog(std::string path) : path_(std::move(path)), fd_(openAppend(path_)) {}

AuditLog::~AuditLog() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() sets fd_ to -1, so a closed log is not closed again
}

void AuditLog::record(const std::string &messageId, const std::string &what) {
  const std::string line = timestamp() + " " + messageId + " " + what + "\n";
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("audit log " + path_ + " is closed");
  writeAll(fd_, line); // OK: fd_ checked under mu_, which close() and reopen() also hold
}

void AuditLog::reopen() {
  const int fresh = openAppend(path_);
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0) {
    ::close(fresh); // closed while we were opening: keep it closed
    return;
  }
  ::close(fd_); // OK: the old descriptor, replaced by the fresh one on the next line
  fd_ = fresh;
}

void AuditLog::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    return;
  ::fsync(fd_);
  ::close(fd_);
  fd_ = -1;
}

bool AuditLog::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_ >= 0;
}

} // namespace mailq
