// Process-wide logger. Messages go to stderr until init() opens a log file.
#include "logship/log.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <mutex>

namespace logship::log {
namespace {
std::mutex g_mu;
std::FILE *g_sink = nullptr; // nullptr: stderr
Level g_level = Level::Info;

const char *levelName(Level lvl) {
  switch (lvl) {
  case Level::Debug:
    return "DEBUG";
  case Level::Info:
    return "INFO";
  case Level::Warn:
    return "WARN";
  case Level::Error:
    return "ERROR";
  }
  return "?";
}
} // namespace

bool init(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return false;
  std::setvbuf(fp, nullptr, _IOLBF, 0);
  std::lock_guard<std::mutex> lk(g_mu);
  if (g_sink)
    std::fclose(g_sink); // OK: the previous sink is replaced right below
  g_sink = fp;
  return true;
}

bool reopen(const std::string &path) {
  std::lock_guard<std::mutex> lk(g_mu);
  if (!g_sink)
    return false; // logging to stderr: nothing to reopen
  std::fflush(g_sink);
  std::fclose(g_sink);
  std::FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp) {
    // Leave a trace in the old file before falling back to stderr.
    std::fprintf(g_sink, "logship: cannot reopen log %s: %s\n", path.c_str(), // BUG: use-after-close
                 std::strerror(errno));
    g_sink = nullptr;
    return false;
  }
  std::setvbuf(fp, nullptr, _IOLBF, 0);
  g_sink = fp;
  return true;
}

void shutdown() {
  std::lock_guard<std::mutex> lk(g_mu);
  if (g_sink)
    std::fclose(g_sink); // the process is exiting
}

void setLevel(Level lvl) { g_level = lvl; }

void write(Level lvl, const char *fmt, ...) {
  if (lvl < g_level)
    return;
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);

  char ts[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&now, &tm);
  std::strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &tm);

  std::lock_guard<std::mutex> lk(g_mu);
  std::FILE *out = g_sink ? g_sink : stderr;
  std::fprintf(out, "%s %-5s %s\n", ts, levelName(lvl), msg); // SAME: late-log
}

} // namespace logship::log
