// Negative: every path that closes the stream returns at once.
#include <cstdio>

int copyHeader(const char *src, FILE *dst) {
  FILE *in = fopen(src, "rb");
  if (!in)
    return -1;
  char buf[512];
  size_t n = fread(buf, 1, sizeof buf, in);
  if (n == 0) {
    fclose(in);
    return 0;
  }
  if (ferror(in)) {
    fclose(in);
    return -1;
  }
  fwrite(buf, 1, n, dst);
  fclose(in);
  return static_cast<int>(n);
}
