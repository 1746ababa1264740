// Diagnostics: timestamped log lines on stderr or on the file configured at
// startup. Each line is formatted first and written with a single fprintf.
#include "diagnostics.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>

namespace bmsd {

Diagnostics::~Diagnostics() {
  close(); // OK: close() only fcloses a file it still owns
}

Status Diagnostics::openFile(const std::string &path) {
  FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return Status::error(Status::Code::IoError,
                         "cannot open " + path + ": " + std::strerror(errno));
  std::setvbuf(fp, nullptr, _IOLBF, 0);
  std::lock_guard<std::mutex> lock(mu_);
  if (owned_)
    std::fclose(out_);
  out_ = fp;
  owned_ = true;
  path_ = path;
  std::fprintf(out_, "--- bmsd diagnostics opened ---\n"); // OK
  return Status::ok();
}

Status Diagnostics::reopen() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!owned_)
    return Status::ok();
  FILE *fresh = std::fopen(path_.c_str(), "a");
  if (!fresh)
    return Status::error(Status::Code::IoError,
                         "cannot reopen " + path_ + ": " + std::strerror(errno));
  std::setvbuf(fresh, nullptr, _IOLBF, 0);
  std::fclose(out_);
  out_ = fresh;
  std::fprintf(out_, "--- bmsd diagnostics reopened ---\n"); // OK
  return Status::ok();
}

void Diagnostics::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!owned_)
    return;
  FILE *fp = out_;
  owned_ = false;
  std::fclose(fp);
  std::fprintf(stderr, "bmsd: diagnostics file %s closed\n", path_.c_str()); // OK
}

bool Diagnostics::toStderr() const {
  std::lock_guard<std::mutex> lock(mu_);
  return out_ == stderr;
}

void Diagnostics::vlog(const char *level, const char *fmt, va_list ap) {
  char body[1024];
  std::vsnprintf(body, sizeof body, fmt, ap);

  const auto now = std::chrono::system_clock::now();
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  const long ms = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch())
          .count() % 1000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);

  std::lock_guard<std::mutex> lock(mu_);
  std::fprintf(out_, "%s.%03ld %-5s %s\n", stamp, ms, level, body); // SAME: diag-exit
}

void Diagnostics::info(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("INFO", fmt, ap);
  va_end(ap);
}

void Diagnostics::warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("WARN", fmt, ap);
  va_end(ap);
}

void Diagnostics::error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("ERROR", fmt, ap);
  va_end(ap);
}

} // namespace bmsd
