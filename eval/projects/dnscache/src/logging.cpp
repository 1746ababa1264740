// Process-wide error log.
#include "dnscache/logging.h"

#include <ctime>

namespace dnscache {

Logger &Logger::instance() {
  static Logger logger;
  return logger;
}

Logger::~Logger() {
  close(); // OK: close() points fp_ back at stderr, so after main()'s close() this closes nothing
}

bool Logger::reopen(const std::string &path) {
  std::FILE *fresh = std::fopen(path.c_str(), "a");
  if (!fresh)
    return false;
  std::lock_guard<std::mutex> lk(mu_);
  std::FILE *old = fp_;
  fp_ = fresh;
  if (old != stderr)
    std::fclose(old);
  std::fprintf(fp_, "-- log reopened\n"); // OK: fp_ is the fresh file; the fclose() above closed the previous one
  std::fflush(fp_);
  return true;
}

void Logger::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fp_ == stderr)
    return;
  std::fclose(fp_);
  fp_ = stderr;
}

void Logger::write(LogLevel level, const char *fmt, va_list ap) {
  static const char *const kNames[] = {"debug", "info", "warn", "error"};
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::localtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
  std::lock_guard<std::mutex> lk(mu_);
  std::fprintf(fp_, "%s [%s] ", stamp, kNames[static_cast<int>(level)]); // OK: fp_ is stderr or the current file; close() and reopen() swap it under mu_
  std::vfprintf(fp_, fmt, ap);
  std::fputc('\n', fp_);
  std::fflush(fp_);
}

LogLevel parseLogLevel(const std::string &name) {
  if (name == "debug")
    return LogLevel::Debug;
  if (name == "warn")
    return LogLevel::Warn;
  if (name == "error")
    return LogLevel::Error;
  return LogLevel::Info;
}

namespace {
void emit(LogLevel level, const char *fmt, va_list ap) {
  Logger &logger = Logger::instance();
  if (logger.enabled(level))
    logger.write(level, fmt, ap);
}
} // namespace

void logDebug(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(LogLevel::Debug, fmt, ap);
  va_end(ap);
}

void logInfo(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(LogLevel::Info, fmt, ap);
  va_end(ap);
}

void logWarn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(LogLevel::Warn, fmt, ap);
  va_end(ap);
}

void logError(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(LogLevel::Error, fmt, ap);
  va_end(ap);
}

} // namespace dnscache
