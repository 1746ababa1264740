// The helper closes the stream only when the flush fails; the caller ignores
// its result and keeps writing.
#include <cstdio>

static int flushOrClose(FILE *f) {
  if (fflush(f) != 0) {
    fclose(f);
    return -1;
  }
  return 0;
}

void logLine(const char *path, const char *msg) {
  FILE *f = fopen(path, "a");
  if (!f)
    return;
  fputs(msg, f);
  flushOrClose(f);
  fputc('\n', f); // BUG: use-after-close
  fclose(f); // BUG: double-close
}
