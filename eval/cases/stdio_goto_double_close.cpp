// A failure branch closes the file before jumping to the cleanup label that
// closes it too.
#include <cstdio>

int parseHeader(const char *path, int *version) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  int rc = 0;
  if (fscanf(f, "v%d", version) != 1) {
    fclose(f);
    rc = -1;
    goto out;
  }
  fgetc(f);
out:
  fclose(f); // BUG: double-close
  return rc;
}
