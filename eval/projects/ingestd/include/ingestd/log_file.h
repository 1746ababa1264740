// Append-only log file (FILE*, line buffered) shared by every component.
// Thread-safe. reopen() is called on SIGHUP after logrotate has moved the
// file away: it closes the current handle and opens the path again. The
// destructor closes the handle (never stderr, which is used when the log
// file cannot be opened at start-up).
#pragma once
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

namespace ingestd {

class LogFile {
public:
  explicit LogFile(std::string path);
  ~LogFile();
  LogFile(const LogFile &) = delete;
  LogFile &operator=(const LogFile &) = delete;

  void info(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  void warn(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  bool reopen();
  const std::string &path() const { return path_; }

private:
  void vlog(const char *level, const char *fmt, va_list ap);

  std::mutex mu_;
  std::string path_;
  std::FILE *fp_ = nullptr;
};

} // namespace ingestd
