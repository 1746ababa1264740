// A helper that flushes and closes; the caller keeps writing afterwards.
#include <cstdio>

static void finish(FILE *f) {
  fflush(f);
  fclose(f);
}

int dumpStats(const char *path, int hits, int misses) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  fprintf(f, "hits=%d\n", hits);
  finish(f);
  fprintf(f, "misses=%d\n", misses); // BUG: use-after-close
  return 0;
}
