// Negative: the input is closed, then the output is written.
#include <cstdio>

int copyFile(const char *from, const char *to) {
  FILE *in = fopen(from, "rb");
  if (!in)
    return -1;
  FILE *out = fopen(to, "wb");
  if (!out) {
    fclose(in);
    return -1;
  }
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0)
    fwrite(buf, 1, n, out);
  fclose(in);
  fputs("\n", out);
  fprintf(stderr, "copied %s\n", from);
  return fclose(out);
}
