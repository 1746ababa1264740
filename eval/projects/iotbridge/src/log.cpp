// Process-wide stderr logger: "<iso-time> <LEVEL> [component] message".
#include "iotbridge/log.h"

#include <atomic>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace iotbridge {
namespace {

std::atomic<LogLevel> g_level{LogLevel::Info};
std::mutex g_writeMu;

const char* levelName(LogLevel level) {
  switch (level) {
    case LogLevel::Debug: return "DEBUG";
    case LogLevel::Info: return "INFO";
    case LogLevel::Warn: return "WARN";
    case LogLevel::Error: return "ERROR";
  }
  return "?";
}

}  // namespace

void setLogLevel(LogLevel level) { g_level.store(level); }

LogLevel logLevel() { return g_level.load(); }

void logMessage(LogLevel level, const char* component, const std::string& message) {
  std::time_t now = std::time(nullptr);
  std::tm tmUtc{};
  gmtime_r(&now, &tmUtc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tmUtc);

  std::lock_guard<std::mutex> lk(g_writeMu);
  std::fprintf(stderr, "%s %-5s [%s] %s\n", stamp, levelName(level), component,
               message.c_str());
}

}  // namespace iotbridge
