// Minimal logging used across the bridge. Messages go to stderr with a
// timestamp, level and component name; the level filter is process-wide.
#pragma once
#include <sstream>
#include <string>

namespace iotbridge {

enum class LogLevel { Debug = 0, Info = 1, Warn = 2, Error = 3 };

void setLogLevel(LogLevel level);
LogLevel logLevel();
void logMessage(LogLevel level, const char* component, const std::string& message);

}  // namespace iotbridge

#define IOTB_LOG(level, component, expr)                                        \
  do {                                                                          \
    if (::iotbridge::LogLevel::level >= ::iotbridge::logLevel()) {              \
      std::ostringstream iotb_log_os_;                                          \
      iotb_log_os_ << expr;                                                     \
      ::iotbridge::logMessage(::iotbridge::LogLevel::level, component,          \
                              iotb_log_os_.str());                              \
    }                                                                           \
  } while (0)
