// Minimal leveled logging to stderr, shared by all tilesrv components.
#pragma once

namespace tilesrv::log {

enum class Level { Debug = 0, Info, Warn, Error };

void setLevel(Level level);
Level level();

void debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace tilesrv::log
