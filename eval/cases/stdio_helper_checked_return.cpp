// Negative: the same helper, but the caller stops when it reports failure.
#include <cstdio>

static int flushOrClose(FILE *f) {
  if (fflush(f) != 0) {
    fclose(f);
    return -1;
  }
  return 0;
}

int logLine(FILE *f, const char *msg) {
  fputs(msg, f);
  if (flushOrClose(f) != 0)
    return -1;
  fputc('\n', f);
  return 0;
}
