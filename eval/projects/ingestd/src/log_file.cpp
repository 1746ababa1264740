// LogFile: the daemon's log, reopened on SIGHUP for logrotate.
#include "ingestd/log_file.h"

#include <ctime>
#include <sys/time.h>

namespace ingestd {

LogFile::LogFile(std::string path) : path_(std::move(path)) {
  fp_ = std::fopen(path_.c_str(), "a");
  if (!fp_) {
    std::fprintf(stderr, "ingestd: cannot open log %s, logging to stderr\n", path_.c_str());
    fp_ = stderr;
    return;
  }
  std::setvbuf(fp_, nullptr, _IOLBF, 0);
}

LogFile::~LogFile() {
  if (fp_ != stderr)
    std::fclose(fp_); // SAME: log_reopen
}

void LogFile::info(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("info", fmt, ap);
  va_end(ap);
}

void LogFile::warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("warn", fmt, ap);
  va_end(ap);
}

void LogFile::vlog(const char *level, const char *fmt, va_list ap) {
  char line[2048];
  timeval tv{};
  ::gettimeofday(&tv, nullptr);
  std::tm tm{};
  ::localtime_r(&tv.tv_sec, &tm);
  int n = static_cast<int>(std::strftime(line, sizeof line, "%Y-%m-%d %H:%M:%S", &tm));
  n += std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), ".%03ld %s ",
                     static_cast<long>(tv.tv_usec / 1000), level);
  int body = std::vsnprintf(line + n, sizeof line - static_cast<std::size_t>(n) - 1, fmt, ap);
  if (body < 0)
    body = 0;
  n += body;
  if (n > static_cast<int>(sizeof line) - 2)
    n = static_cast<int>(sizeof line) - 2;
  line[n++] = '\n';

  std::lock_guard<std::mutex> lk(mu_);
  std::fwrite(line, 1, static_cast<std::size_t>(n), fp_); // BUG: use-after-close
}

bool LogFile::reopen() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ == stderr) {
    std::FILE *fresh = std::fopen(path_.c_str(), "a");
    if (!fresh)
      return false;
    std::setvbuf(fresh, nullptr, _IOLBF, 0);
    fp_ = fresh;
    return true;
  }
  std::fclose(fp_);
  std::FILE *fresh = std::fopen(path_.c_str(), "a");
  if (!fresh)
    return false; // keep writing to the old handle until the next SIGHUP
  std::setvbuf(fresh, nullptr, _IOLBF, 0);
  fp_ = fresh;
  return true;
}

} // namespace ingestd
