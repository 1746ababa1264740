// Negative: output goes to a file or to stdout; only the file is closed.
#include <cstdio>

void report(const char *path, int errors) {
  FILE *out = path ? fopen(path, "w") : stdout;
  if (!out)
    return;
  fprintf(out, "errors: %d\n", errors);
  if (out != stdout)
    fclose(out);
}
