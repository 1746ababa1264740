// A daemon's logging module with size-based rotation: one global FILE* for the
// log, log_write() for messages, log_rotate() that closes the current file,
// renames it to "<path>.1" and opens a fresh one. When fopen() of the fresh
// file fails, log_rotate() returns -1 but leaves g_log pointing at the stream
// it already closed, and log_maybe_rotate() then reports the failure through
// log_write(), which writes to that closed stream.
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>

static FILE *g_log = nullptr;
static char g_log_path[256];
static const long kMaxLogSize = 1L << 20;

static int log_open(const char *path) {
  std::snprintf(g_log_path, sizeof g_log_path, "%s", path);
  g_log = std::fopen(g_log_path, "a");
  return g_log ? 0 : -1;
}

static void log_write(const char *fmt, ...) {
  if (!g_log)
    return;
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(g_log, fmt, ap); // SAME: stale
  va_end(ap);
  std::fputc('\n', g_log);
  std::fflush(g_log);
}

static int log_rotate(void) {
  char old_path[272];
  std::fflush(g_log);
  std::fclose(g_log);
  std::snprintf(old_path, sizeof old_path, "%s.1", g_log_path);
  (void)std::rename(g_log_path, old_path);
  FILE *fresh = std::fopen(g_log_path, "a");
  if (!fresh)
    return -1; /* g_log still holds the stream closed above */
  g_log = fresh;
  return 0;
}

static int log_maybe_rotate(void) {
  long size = std::ftell(g_log); // OK: a failed rotation makes main return, so g_log is open whenever this runs
  if (size < kMaxLogSize)
    return 0;
  if (log_rotate() != 0) {
    log_write("log rotation failed: %s", std::strerror(errno)); // BUG: use-after-close #stale
    return -1;
  }
  log_write("log rotated, previous file is %s.1", g_log_path); // OK: log_rotate succeeded and g_log is the fresh stream
  return 0;
}

int main(int argc, char **argv) {
  if (log_open(argc > 1 ? argv[1] : "exampled.log") != 0) {
    std::perror("log");
    return 1;
  }
  for (int i = 0; i < 100000; ++i) {
    log_write("request %d handled", i); // OK: every earlier rotation in this loop succeeded
    if (log_maybe_rotate() != 0)
      return 1;
  }
  std::fclose(g_log); // OK: closes the stream opened by the last successful rotation (or log_open)
  return 0;
}
