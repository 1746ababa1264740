// Diagnostics: the daemon's operational log. It writes to stderr unless a
// file is configured at startup; close() closes that file.
#pragma once
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

#include "status.h"

namespace bmsd {

class Diagnostics {
public:
  Diagnostics() = default;
  ~Diagnostics();
  Diagnostics(const Diagnostics &) = delete;
  Diagnostics &operator=(const Diagnostics &) = delete;

  Status openFile(const std::string &path);
  // Reopens the configured file by name (after logrotate moved it away).
  Status reopen();
  void close();
  bool toStderr() const;

  void info(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void warn(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void error(const char *fmt, ...) __attribute__((format(printf, 2, 3)));

private:
  void vlog(const char *level, const char *fmt, va_list ap);

  mutable std::mutex mu_;
  FILE *out_ = stderr;
  bool owned_ = false;
  std::string path_;
};

} // namespace bmsd
