// Minimal leveled logger writing to stderr (journald picks it up).
#pragma once

namespace histd::log {

enum class Level { Debug = 0, Info, Warn, Error };

void setLevel(Level level);
void setTag(const char *tag);

void debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace histd::log
