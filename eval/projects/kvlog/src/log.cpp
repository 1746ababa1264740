// Process-wide logging. Every write happens under g_mu; closeLogs() takes the
// lock too and drops the files, after which messages fall back to stderr.
#include "kvlog/log.h"

#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>

namespace kvlog {
namespace {

std::mutex g_mu;
std::shared_ptr<std::FILE> g_log;
std::shared_ptr<std::FILE> g_slow;

void closeLogFile(std::FILE *fp) {
  if (fp != nullptr)
    std::fclose(fp); // SAME: log_owners
}

void emitLocked(const std::shared_ptr<std::FILE> &sink, const char *level, const char *fmt,
                va_list ap) {
  char stamp[32];
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
  std::FILE *out = sink ? sink.get() : stderr;
  std::fprintf(out, "%s %-5s ", stamp, level);
  std::vfprintf(out, fmt, ap); // OK: callers hold g_mu, which closeLogs() takes before dropping the file
  std::fputc('\n', out);
  std::fflush(out);
}

} // namespace

void openLogs(const std::string &logPath, const std::string &slowLogPath) {
  std::lock_guard<std::mutex> lock(g_mu);
  if (!logPath.empty()) {
    std::FILE *fp = std::fopen(logPath.c_str(), "a");
    if (fp != nullptr)
      g_log = std::shared_ptr<std::FILE>(fp, closeLogFile);
    else
      std::fprintf(stderr, "cannot open log file %s, logging to stderr\n", logPath.c_str());
  }
  if (slowLogPath.empty())
    return;
  if (slowLogPath == logPath && g_log) {
    // Slow requests share the main log file.
    g_slow = std::shared_ptr<std::FILE>(g_log.get(), closeLogFile);
    return;
  }
  std::FILE *fp = std::fopen(slowLogPath.c_str(), "a");
  if (fp != nullptr)
    g_slow = std::shared_ptr<std::FILE>(fp, closeLogFile);
}

void closeLogs() {
  std::lock_guard<std::mutex> lock(g_mu);
  g_slow.reset();
  g_log.reset(); // BUG: double-close #log_owners
}

#define KVLOG_EMIT(sink, level)                                                                    \
  do {                                                                                             \
    va_list ap;                                                                                    \
    va_start(ap, fmt);                                                                             \
    {                                                                                              \
      std::lock_guard<std::mutex> lock(g_mu);                                                      \
      emitLocked(sink, level, fmt, ap);                                                            \
    }                                                                                              \
    va_end(ap);                                                                                    \
  } while (0)

void logInfo(const char *fmt, ...) { KVLOG_EMIT(g_log, "INFO"); }
void logWarn(const char *fmt, ...) { KVLOG_EMIT(g_log, "WARN"); }
void logError(const char *fmt, ...) { KVLOG_EMIT(g_log, "ERROR"); }
void logSlow(const char *fmt, ...) { KVLOG_EMIT(g_slow ? g_slow : g_log, "SLOW"); }

} // namespace kvlog
