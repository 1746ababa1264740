// Leveled logging to stderr, one line per message, serialized by a mutex.
#include "log.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace histd::log {
namespace {

std::atomic<int> g_level{static_cast<int>(Level::Info)};
const char *g_tag = "histd";
std::mutex g_mu;

void vwrite(Level level, const char *fmt, va_list ap) {
  if (static_cast<int>(level) < g_level.load())
    return;
  static const char *const names[] = {"DEBUG", "INFO", "WARN", "ERROR"};
  char when[32];
  std::time_t now = std::time(nullptr);
  std::tm tm {};
  gmtime_r(&now, &tm);
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);

  std::lock_guard<std::mutex> lock(g_mu);
  std::fprintf(stderr, "%s %s[%s] ", when, g_tag, names[static_cast<int>(level)]);
  std::vfprintf(stderr, fmt, ap);
  std::fputc('\n', stderr);
}

} // namespace

void setLevel(Level level) { g_level = static_cast<int>(level); }
void setTag(const char *tag) { g_tag = tag; }

#define HISTD_LOG_FN(name, level)                                                          \
  void name(const char *fmt, ...) {                                                         \
    va_list ap;                                                                             \
    va_start(ap, fmt);                                                                      \
    vwrite(level, fmt, ap);                                                                 \
    va_end(ap);                                                                             \
  }

HISTD_LOG_FN(debug, Level::Debug)
HISTD_LOG_FN(info, Level::Info)
HISTD_LOG_FN(warn, Level::Warn)
HISTD_LOG_FN(error, Level::Error)

#undef HISTD_LOG_FN

} // namespace histd::log
