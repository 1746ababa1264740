// ShiftLog implementation. close() fsyncs, closes and sets fd_ = -1, which is
// what append() and the destructor test; rotate() replaces the descriptor
// with the fresh file's before writing the continuation header.
#include "shiftlog.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace {
std::string utcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

int openForAppend(const std::string &path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}
} // namespace

ShiftLog::ShiftLog(const std::string &path) { open(path); }

ShiftLog::~ShiftLog() { close(); }

void ShiftLog::open(const std::string &path) {
  close();
  fd_ = openForAppend(path);
  if (fd_ < 0)
    throw std::runtime_error("shift log " + path + ": " +
                             std::strerror(errno));
  path_ = path;
}

void ShiftLog::adopt(int fd, std::string label) {
  close();
  fd_ = fd;
  path_ = std::move(label);
}

void ShiftLog::append(const std::string &entry) {
  if (fd_ < 0)
    throw std::runtime_error("shift log " + path_ + " is closed");
  writeAll(utcNow() + "  " + entry + "\n");
}

void ShiftLog::rotate(const std::string &archivePath) {
  if (fd_ < 0)
    return;
  ::fsync(fd_);
  ::close(fd_);
  fd_ = -1;
  if (::rename(path_.c_str(), archivePath.c_str()) != 0)
    throw std::runtime_error("shift log: cannot archive to " + archivePath);
  fd_ = openForAppend(path_);
  if (fd_ < 0)
    throw std::runtime_error("shift log: cannot reopen " + path_);
  writeAll("# continued from " + archivePath + "\n"); // OK
}

void ShiftLog::close() {
  if (fd_ < 0)
    return;
  ::fsync(fd_);
  ::close(fd_);
  fd_ = -1;
}

void ShiftLog::writeAll(const std::string &text) {
  const char *p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::runtime_error("shift log " + path_ + ": " +
                               std::strerror(errno));
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
}
