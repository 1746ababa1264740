// Negative: the failure path closes the file and exits the process.
#include <cstdio>
#include <cstdlib>

void writeOrDie(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f)
    exit(1);
  if (fputs(text, f) == EOF) {
    fclose(f);
    fprintf(stderr, "cannot write %s\n", path);
    exit(2);
  }
  fputc('\n', f);
  fclose(f);
}
