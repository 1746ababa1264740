// Leveled logging to stderr with a timestamp; one mutex keeps lines whole
// when several threads log at once.
#include "log.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace tilesrv::log {
namespace {

std::atomic<Level> gLevel{Level::Info};
std::mutex gMutex;

void emit(Level level, const char *tag, const char *fmt, va_list args) {
  if (static_cast<int>(level) < static_cast<int>(gLevel.load()))
    return;
  char stamp[32];
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);

  std::lock_guard<std::mutex> lock(gMutex);
  std::fprintf(stderr, "%s %s ", stamp, tag);
  std::vfprintf(stderr, fmt, args);
  std::fputc('\n', stderr);
}

} // namespace

void setLevel(Level level) { gLevel.store(level); }
Level level() { return gLevel.load(); }

void debug(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit(Level::Debug, "DEBUG", fmt, args);
  va_end(args);
}

void info(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit(Level::Info, "INFO ", fmt, args);
  va_end(args);
}

void warn(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit(Level::Warn, "WARN ", fmt, args);
  va_end(args);
}

void error(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  emit(Level::Error, "ERROR", fmt, args);
  va_end(args);
}

} // namespace tilesrv::log
