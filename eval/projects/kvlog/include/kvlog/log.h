// Process-wide logging. Messages go to stderr until openLogs() points them at a
// log file; slow requests can go to a separate slow-request log.
#pragma once
#include <string>

namespace kvlog {

void openLogs(const std::string &logPath, const std::string &slowLogPath);
void closeLogs();

void logInfo(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logWarn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logError(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void logSlow(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace kvlog
