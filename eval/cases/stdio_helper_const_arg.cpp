// A helper that closes only when told to: the first call keeps the stream
// open, the second closes it before the final write.
#include <cstdio>

static void endSection(FILE *f, const char *name, bool last) {
  fprintf(f, "[/%s]\n", name);
  if (last)
    fclose(f);
}

void writeSections(const char *path) {
  FILE *f = fopen(path, "w");
  if (!f)
    return;
  fputs("[a]\n", f);
  endSection(f, "a", false);
  fputs("[b]\n", f);
  endSection(f, "b", true);
  fputs("[c]\n", f); // BUG: use-after-close
}
