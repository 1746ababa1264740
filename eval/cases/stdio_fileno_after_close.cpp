// The descriptor is looked up on a stream that was already closed.
#include <cstdio>
#include <unistd.h>

int saveDurably(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  fputs(text, f);
  fflush(f);
  int rc = fclose(f);
  fsync(fileno(f)); // BUG: use-after-close
  return rc;
}
