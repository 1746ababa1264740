// Diagnostics output: stderr or a log file chosen at startup or on reload. stderr itself is
// never closed; closing the log file switches back to it.
#include "diagnostics.h"

#include <cerrno>
#include <cstring>
#include <ctime>

namespace farecol {

Diagnostics::~Diagnostics() {
  close(); // OK
}

bool Diagnostics::openFile(const std::string &path) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (ownsFile_)
    return false;
  std::FILE *f = std::fopen(path.c_str(), "a");
  if (!f) {
    std::fprintf(out_, "diagnostics: cannot open %s: %s\n", path.c_str(), std::strerror(errno));
    return false;
  }
  std::setvbuf(f, nullptr, _IOLBF, 0);
  out_ = f;
  ownsFile_ = true;
  path_ = path;
  return true;
}

bool Diagnostics::reopen(const std::string &path) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (ownsFile_)
    std::fclose(out_);
  std::FILE *f = std::fopen(path.c_str(), "a");
  if (!f) {
    std::fprintf(out_, "diagnostics: cannot reopen %s: %s\n", path.c_str(), std::strerror(errno)); // BUG: use-after-close
    out_ = stderr;
    ownsFile_ = false;
    path_.clear();
    return false;
  }
  std::setvbuf(f, nullptr, _IOLBF, 0);
  out_ = f;
  ownsFile_ = true;
  path_ = path;
  return true;
}

void Diagnostics::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!ownsFile_)
    return;
  std::fflush(out_);
  std::fclose(out_);
  out_ = stderr;
  ownsFile_ = false;
  std::fprintf(out_, "diagnostics: %s closed, continuing on stderr\n", path_.c_str()); // OK
  path_.clear();
}

void Diagnostics::info(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  write("info", fmt, ap);
  va_end(ap);
}

void Diagnostics::warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  write("warn", fmt, ap);
  va_end(ap);
}

void Diagnostics::error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  write("error", fmt, ap);
  va_end(ap);
}

std::FILE *Diagnostics::stream() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return out_;
}

bool Diagnostics::usingFile() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return ownsFile_;
}

std::string Diagnostics::path() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return path_;
}

void Diagnostics::write(const char *level, const char *fmt, va_list ap) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
  std::lock_guard<std::mutex> lock(mutex_);
  std::fprintf(out_, "%s farecol %s: ", stamp, level);
  std::vfprintf(out_, fmt, ap);
  std::fputc('\n', out_);
}

} // namespace farecol
