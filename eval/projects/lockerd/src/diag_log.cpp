// DiagLog: timestamped diagnostics to stderr or to a file picked at startup
// (diagnostics = /path in lockerd.conf). Once the file is closed, messages
// fall back to stderr so shutdown problems still get reported.
#include "diag_log.h"

#include <cerrno>
#include <ctime>
#include <unistd.h>
#include <utility>

DiagLog::~DiagLog() {
  if (out_ != stderr)
    std::fclose(out_); // BUG: double-close
}

Status DiagLog::openFile(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "a");
  if (!f)
    return Status::ioError("open " + path, errno);
  std::setvbuf(f, nullptr, _IOLBF, 0);

  std::lock_guard<std::mutex> lock(mutex_);
  const bool previousOpen = !closed_;
  FILE *previous = std::exchange(out_, f);
  closed_ = false;
  if (previous != stderr && previousOpen)
    std::fclose(previous);
  std::fprintf(out_, "---- diagnostics opened (pid %ld)\n", static_cast<long>(::getpid())); // OK
  return Status::success();
}

void DiagLog::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_ || out_ == stderr)
    return;
  closed_ = true;
  std::fflush(out_);
  std::fclose(out_);
  std::fputs("lockerd: diagnostics file closed, further messages go to stderr\n", stderr); // OK
}

bool DiagLog::usingStderr() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_ || out_ == stderr;
}

void DiagLog::info(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("info", fmt, ap);
  va_end(ap);
}

void DiagLog::warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("warn", fmt, ap);
  va_end(ap);
}

void DiagLog::error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vlog("error", fmt, ap);
  va_end(ap);
}

void DiagLog::vlog(const char *level, const char *fmt, va_list ap) {
  char message[1024];
  std::vsnprintf(message, sizeof message, fmt, ap);

  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);

  std::lock_guard<std::mutex> lock(mutex_);
  FILE *sink = closed_ ? stderr : out_;
  std::fprintf(sink, "%s lockerd[%s] %s\n", stamp, level, message); // OK
}
