// The stream is closed, then handed to a helper that writes to it.
#include <cstdio>

static void writeFooter(FILE *f, int rows) {
  fprintf(f, "-- %d rows --\n", rows); // SAME: footer
}

int printTable(const char *path, const int *vals, int n) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  for (int i = 0; i < n; ++i)
    fprintf(f, "%d\n", vals[i]);
  fclose(f);
  writeFooter(f, n); // BUG: use-after-close #footer
  return 0;
}
