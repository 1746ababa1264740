// A segment writer closes its FILE* on a short write and calls fatal(), a
// [[noreturn]] function that logs and aborts. Execution continues only when
// the write succeeded, so the next write is on an open file (correct). The
// same holds for a helper that closes and calls std::exit.
#include <cstdio>
#include <cstdlib>

[[noreturn]] void fatal(const char *what) {
  std::fprintf(stderr, "fatal: %s\n", what);
  std::abort();
}

static void writeOrDie(std::FILE *segment, const void *data, std::size_t size) {
  if (std::fwrite(data, 1, size, segment) != size) {
    std::fclose(segment);
    fatal("short write to segment");
  }
}

static void flushOrExit(std::FILE *segment) {
  if (std::fflush(segment) != 0) {
    std::fclose(segment);
    std::exit(74);
  }
}

void appendRecord(std::FILE *segment, const char (&record)[32]) {
  writeOrDie(segment, record, sizeof record);
  std::fputc('\n', segment); // OK
  flushOrExit(segment);
  std::fputs("#\n", segment); // OK
}
