// Minimal thread-safe logging to stderr, shared by every component.
#pragma once
#include <iostream>
#include <mutex>
#include <string>

namespace mailq {

inline std::mutex &logMutex() {
  static std::mutex mu;
  return mu;
}

inline void logLine(const char *level, const std::string &what) {
  std::lock_guard<std::mutex> lk(logMutex());
  std::cerr << "mailq[" << level << "] " << what << '\n';
}

inline void logInfo(const std::string &what) { logLine("info", what); }
inline void logWarn(const std::string &what) { logLine("warn", what); }
inline void logError(const std::string &what) { logLine("error", what); }

} // namespace mailq
