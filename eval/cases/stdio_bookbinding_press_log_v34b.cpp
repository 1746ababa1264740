// Press log of a bookbinding workshop: every glued stack of signatures that
// goes into the standing press is logged with its clamp pressure. The log
// rotates at a size limit (close, rename, reopen) and rotated segments are
// compressed through gzip. Two mistakes: the error path of stamp_batch()
// reports the failure into the log that seal_segment() has just closed, and
// end_session() writes the footer after close_log() closed the file.
#include <cstdio>
#include <cstring>
#include <string>

struct PressLog {
  FILE *fp = nullptr;
  std::string path;
  long written = 0;
  long limit = 1L << 20;
};

bool open_log(PressLog &log, const std::string &path) {
  log.path = path;
  log.fp = std::fopen(path.c_str(), "a");
  if (!log.fp)
    return false;
  std::setvbuf(log.fp, nullptr, _IOLBF, 0);
  log.written = 0;
  return true;
}

// Pushes buffered lines to disk. On a write error the segment is unusable:
// the stream is closed here and the caller gets -1.
static int seal_segment(FILE *fp) {
  if (std::fflush(fp) != 0) {
    std::fclose(fp);
    return -1;
  }
  return 0;
}

static bool rotate(PressLog &log) {
  if (log.fp) {
    std::fclose(log.fp);
    log.fp = nullptr;
  }
  std::string old = log.path + ".1";
  std::rename(log.path.c_str(), old.c_str());
  log.fp = std::fopen(log.path.c_str(), "a");
  if (!log.fp)
    return false;
  log.written = 0;
  return true;
}

bool compress_rotated(const std::string &path) {
  std::string cmd = "gzip -f " + path + ".1 2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  if (!p)
    return false;
  char line[256];
  bool complained = false;
  while (std::fgets(line, sizeof line, p)) // OK: pipe still open
    complained = true;
  int rc = pclose(p);
  return rc == 0 && !complained;
}

void log_clamp(PressLog &log, int stack, double kilonewtons) {
  if (log.written > log.limit) {
    if (!rotate(log))
      return;
    compress_rotated(log.path);
  }
  if (!log.fp)
    return;
  int n = std::fprintf(log.fp, "stack %d clamp %.1f kN\n", stack, kilonewtons); // OK: reopened by rotate()
  if (n > 0)
    log.written += n;
}

bool stamp_batch(PressLog &log, int batch, int stacks) {
  if (!log.fp)
    return false;
  if (seal_segment(log.fp) != 0) {
    std::fprintf(log.fp, "batch %d: seal failed after %d stacks\n", batch, stacks); // BUG: use-after-close
    log.fp = nullptr;
    return false;
  }
  int n = std::fprintf(log.fp, "batch %d sealed (%d stacks)\n", batch, stacks); // OK: seal succeeded, stream open
  if (n > 0)
    log.written += n;
  return true;
}

static void write_footer(FILE *fp, long total) {
  std::fprintf(fp, "# session end, %ld bytes\n", total); // SAME: footer
}

static void close_log(PressLog &log) {
  if (log.fp)
    std::fclose(log.fp);
}

void end_session(PressLog &log) {
  close_log(log);
  write_footer(log.fp, log.written); // BUG: use-after-close #footer
  log.fp = nullptr;
}

// Used when the press is stopped by the emergency switch: the log is closed
// and forgotten, and the later note is skipped because the pointer is null.
void abort_session(PressLog &log, const char *reason) {
  if (log.fp) {
    std::fclose(log.fp);
    log.fp = nullptr;
  }
  if (log.fp)
    std::fprintf(log.fp, "aborted: %s\n", reason); // OK: pointer nulled after fclose
  std::fprintf(stderr, "press log aborted: %s\n", reason);
}

void reopen_after_abort(PressLog &log) {
  abort_session(log, "operator reset");
  if (!open_log(log, log.path))
    return;
  std::fprintf(log.fp, "# resumed\n"); // OK: fresh stream from open_log()
  std::fflush(log.fp);
}
