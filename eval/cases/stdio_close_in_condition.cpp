// fclose() inside the error check; the trailer is written to the closed stream,
// while the diagnostic to stderr is fine.
#include <cstdio>

int finishArchive(const char *path, unsigned checksum) {
  FILE *archive = fopen(path, "ab");
  if (!archive)
    return -1;
  fputs("END", archive);
  if (fclose(archive) != 0) {
    fprintf(stderr, "close failed\n");
    return -1;
  }
  fprintf(archive, "%08x\n", checksum); // BUG: use-after-close
  return 0;
}
