// rotating_log.cpp: RotatingLog, one access-log file written with open(2),
// write(2) and close(2). close() is idempotent.
#include "telemetry/rotating_log.h"

#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace telemetry {

RotatingLog::RotatingLog(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path_);
  struct stat st {};
  if (::fstat(fd_, &st) == 0)
    size_ = static_cast<std::size_t>(st.st_size);
}

RotatingLog::~RotatingLog() { close(); }

void RotatingLog::write(const std::string &line) {
  if (fd_ < 0)
    throw std::runtime_error("log " + path_ + " is closed");
  const char *p = line.data();
  std::size_t left = line.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(),
                              "write " + path_);
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  size_ += line.size();
}

void RotatingLog::close() noexcept {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}

bool RotatingLog::is_open() const noexcept { return fd_ >= 0; }

} // namespace telemetry
