// Process-wide logger. Writes to stderr until init() points it at a file.
#pragma once
#include <string>

namespace logship::log {

enum class Level { Debug = 0, Info, Warn, Error };

/// Starts logging to `path` (appending). Replaces a previous sink.
bool init(const std::string &path);
/// Closes and reopens the log file after an external rotation.
bool reopen(const std::string &path);
/// Flushes and closes the log file; called once at process exit.
void shutdown();
void setLevel(Level lvl);

void write(Level lvl, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define LOGSHIP_LOG(lvl, ...) ::logship::log::write(::logship::log::Level::lvl, __VA_ARGS__)

} // namespace logship::log

namespace logship {
#define log_debug(...) LOGSHIP_LOG(Debug, __VA_ARGS__)
#define log_info(...) LOGSHIP_LOG(Info, __VA_ARGS__)
#define log_warn(...) LOGSHIP_LOG(Warn, __VA_ARGS__)
#define log_error(...) LOGSHIP_LOG(Error, __VA_ARGS__)
} // namespace logship
