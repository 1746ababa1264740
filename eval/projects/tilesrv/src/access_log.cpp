// AccessLog: request lines appended to a std::ofstream, rotated by size into
// a timestamped archive, reopened on SIGHUP, and flushed by a helper thread
// so a quiet server still gets its last lines on disk.
#include "access_log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <sys/stat.h>

#include "log.h"

namespace tilesrv {
namespace {

std::string timestamp(const char *format) {
  char buf[32];
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::uint64_t fileSize(const std::string &path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}

std::string formatEntry(const AccessEntry &e) {
  std::string line = timestamp("%Y-%m-%dT%H:%M:%SZ");
  line += ' ';
  line += e.peer;
  line += " s=" + std::to_string(e.session) + " " + toString(e.key) + " " + std::to_string(e.status) + " " +
          std::to_string(e.bytes) + (e.cacheHit ? " HIT " : " MISS ") + std::to_string(e.latency.count()) +
          "us\n";
  return line;
}

} // namespace

AccessLog::AccessLog(std::string path, std::uint64_t rotateBytes, std::chrono::seconds flushInterval)
    : path_(std::move(path)), rotateBytes_(rotateBytes), flushInterval_(flushInterval) {
  out_.open(path_, std::ios::app);
  if (!out_.is_open())
    throw std::runtime_error("cannot open access log " + path_);
  written_ = fileSize(path_);
  flusher_ = std::thread([this] { flushLoop(); });
}

AccessLog::~AccessLog() { close(); }

void AccessLog::write(const AccessEntry &entry) {
  const std::string line = formatEntry(entry);
  std::lock_guard<std::mutex> lock(mutex_);
  if (!out_.is_open())
    return;
  out_ << line; // OK: is_open() checked under the mutex that close() and reopen() take
  written_ += line.size();
  if (rotateBytes_ != 0 && written_ >= rotateBytes_)
    rotateLocked();
}

void AccessLog::note(const std::string &text) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!out_.is_open())
    return;
  out_ << "# " << timestamp("%Y-%m-%dT%H:%M:%SZ") << ' ' << text << '\n'; // OK: guarded like write()
}

void AccessLog::rotateLocked() {
  out_.close();
  const std::string archived = path_ + "." + timestamp("%Y%m%dT%H%M%S");
  const bool renamed = std::rename(path_.c_str(), archived.c_str()) == 0;
  if (!renamed) {
    const int err = errno;
    out_ << "# rotation to " << archived << " failed: " << std::strerror(err) << '\n'; // BUG: use-after-close
  }
  out_.open(path_, std::ios::app);
  if (!out_.is_open()) {
    log::error("access log %s could not be reopened after rotation", path_.c_str());
    return;
  }
  if (renamed)
    out_ << "# continued from " << archived << '\n'; // OK: reopened above
  written_ = fileSize(path_);
}

void AccessLog::reopen() {
  std::lock_guard<std::mutex> lock(mutex_);
  out_.close();
  out_.open(path_, std::ios::app);
  if (!out_.is_open()) {
    log::error("access log %s could not be reopened: %s", path_.c_str(), std::strerror(errno));
    return;
  }
  written_ = fileSize(path_);
  out_ << "# reopened " << timestamp("%Y-%m-%dT%H:%M:%SZ") << '\n'; // OK: opened again just above
}

bool AccessLog::isOpen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return out_.is_open();
}

void AccessLog::flushLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopFlusher_) {
    wake_.wait_for(lock, flushInterval_);
    out_.flush(); // BUG: use-after-close #access_log_flusher
  }
}

void AccessLog::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    out_.close(); // SAME: access_log_flusher
  }
  stopFlusher_ = true;
  wake_.notify_all();
  if (flusher_.joinable())
    flusher_.join();
}

} // namespace tilesrv
