// A cleanup lambda closes the stream; the summary is written after it runs.
#include <cstdio>

int convert(const char *path, const int *data, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  auto cleanup = [&] { fclose(out); };
  for (int i = 0; i < n; ++i) {
    if (data[i] < 0) {
      cleanup();
      return -1;
    }
    fprintf(out, "%d\n", data[i]);
  }
  cleanup();
  fprintf(out, "count=%d\n", n); // BUG: use-after-close
  return 0;
}
