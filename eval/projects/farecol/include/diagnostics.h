// Diagnostics output of the daemon. Writes to stderr until a file is configured; closing or
// failing to open the file falls back to stderr. Safe to call from any thread.
#pragma once
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

namespace farecol {

class Diagnostics {
public:
  Diagnostics() = default;
  ~Diagnostics();
  Diagnostics(const Diagnostics &) = delete;
  Diagnostics &operator=(const Diagnostics &) = delete;

  bool openFile(const std::string &path);
  bool reopen(const std::string &path);
  void close();

  void info(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void warn(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void error(const char *fmt, ...) __attribute__((format(printf, 2, 3)));

  std::FILE *stream() const;
  bool usingFile() const;
  std::string path() const;

private:
  void write(const char *level, const char *fmt, va_list ap);

  mutable std::mutex mutex_;
  std::FILE *out_ = stderr;
  bool ownsFile_ = false;
  std::string path_;
};

} // namespace farecol
