// Diagnostics log: stderr by default, or a file chosen at startup.
#pragma once
#include "status.h"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

class DiagLog {
public:
  DiagLog() = default;
  ~DiagLog();
  DiagLog(const DiagLog &) = delete;
  DiagLog &operator=(const DiagLog &) = delete;

  // Switches output to the file at path (append mode).
  Status openFile(const std::string &path);
  // Closes the file; later messages go to stderr.
  void close();
  bool usingStderr() const;

  void info(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void warn(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void error(const char *fmt, ...) __attribute__((format(printf, 2, 3)));

private:
  void vlog(const char *level, const char *fmt, va_list ap);

  mutable std::mutex mutex_;
  FILE *out_ = stderr;
  bool closed_ = false;
};
