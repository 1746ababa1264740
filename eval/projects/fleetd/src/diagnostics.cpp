// Diagnostics: line-oriented log to stderr or to a file, with reopen support
// for log rotation. Every call takes the mutex, so components on different
// threads can share one instance.
#include "diagnostics.h"

#include <cerrno>
#include <cstdarg>
#include <cstring>
#include <unistd.h>

#include "telemetry.h"

namespace fleetd {

Diagnostics::Diagnostics(const std::string &path) : path_(path) {
  if (path_.empty())
    return;
  FILE *f = std::fopen(path_.c_str(), "a");
  if (!f) {
    std::fprintf(stderr, "fleetd: cannot open %s (%s), logging to stderr\n", path_.c_str(),
                 std::strerror(errno));
    return;
  }
  std::setvbuf(f, nullptr, _IOLBF, 0);
  out_ = f;
}

Diagnostics::~Diagnostics() {
  close(); // OK
}

void Diagnostics::printf(const char *fmt, ...) {
  std::lock_guard<std::mutex> lock(mu_);
  std::fprintf(out_, "%s ", formatTimestamp(nowMs()).c_str()); // OK
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(out_, fmt, ap);
  va_end(ap);
  std::fputc('\n', out_);
}

bool Diagnostics::reopen() {
  std::lock_guard<std::mutex> lock(mu_);
  if (out_ == stderr)
    return true;
  FILE *next = nullptr;
  for (int attempt = 0; attempt < 2 && !next; ++attempt) {
    if (attempt == 0)
      std::fclose(out_); // OK
    else
      ::usleep(50 * 1000);
    next = std::fopen(path_.c_str(), "a");
  }
  if (!next) {
    int err = errno;
    std::fprintf(out_, "diagnostics: cannot reopen %s: %s, switching to stderr\n", // BUG: use-after-close
                 path_.c_str(), std::strerror(err));
    out_ = stderr;
    return false;
  }
  std::setvbuf(next, nullptr, _IOLBF, 0);
  out_ = next;
  std::fprintf(out_, "%s diagnostics reopened\n", formatTimestamp(nowMs()).c_str()); // OK
  return true;
}

void Diagnostics::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (out_ == stderr)
    return;
  std::fclose(out_); // OK
  out_ = stderr;
}

bool Diagnostics::toStderr() const {
  std::lock_guard<std::mutex> lock(mu_);
  return out_ == stderr;
}

} // namespace fleetd
