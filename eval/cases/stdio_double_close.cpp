// A cleanup block that closes a stream the success path already closed.
#include <cstdio>

int writeReport(const char *path, int total) {
  FILE *f = fopen(path, "w");
  if (!f)
    return -1;
  int rc = fprintf(f, "total=%d\n", total) < 0 ? -1 : 0;
  fclose(f);
  if (rc != 0)
    perror("report");
  fclose(f); // BUG: double-close
  return rc;
}
