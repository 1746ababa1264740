// Process-wide error log.
#pragma once
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

namespace dnscache {

enum class LogLevel { Debug = 0, Info = 1, Warn = 2, Error = 3 };

/// Messages go to stderr until reopen() points the log at a file.
/// reopen() installs the new FILE* before it closes the previous one. close()
/// closes the file and points the log back at stderr: it is idempotent, and
/// logging after close() is fine (it lands on stderr).
class Logger {
public:
  static Logger &instance();
  ~Logger();
  Logger(const Logger &) = delete;
  Logger &operator=(const Logger &) = delete;

  void setLevel(LogLevel level) { level_.store(static_cast<int>(level)); }
  bool enabled(LogLevel level) const { return static_cast<int>(level) >= level_.load(); }
  bool reopen(const std::string &path);
  void close();
  void write(LogLevel level, const char *fmt, va_list ap);

private:
  Logger() = default;
  std::mutex mu_;
  std::FILE *fp_ = stderr;
  std::atomic<int> level_{static_cast<int>(LogLevel::Info)};
};

LogLevel parseLogLevel(const std::string &name);
void logDebug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logInfo(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logWarn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace dnscache
