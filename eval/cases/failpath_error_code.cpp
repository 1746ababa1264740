// A spool flusher returns a std::error_code: on failure it closes the spool
// file first. Callers that return the error when it is set write only on
// success (correct); a caller that discards the result writes to a file the
// failure path has closed (bug).
#include <cerrno>
#include <cstdio>
#include <system_error>

std::error_code flushSpool(std::FILE *spool) {
  if (std::fflush(spool) != 0) {
    const int err = errno;
    std::fclose(spool);
    return std::error_code(err, std::generic_category());
  }
  return {};
}

std::error_code commitSpool(std::FILE *spool) {
  if (std::error_code ec = flushSpool(spool))
    return ec;
  std::fputs("COMMIT\n", spool); // OK
  return {};
}

std::error_code commitSpoolChecked(std::FILE *spool) {
  const std::error_code ec = flushSpool(spool);
  if (ec)
    return ec;
  std::fputs("COMMIT\n", spool); // OK
  return {};
}

void commitSpoolBlind(std::FILE *spool) {
  (void)flushSpool(spool);
  std::fputs("COMMIT\n", spool); // BUG: use-after-close
}
