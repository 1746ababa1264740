// Log rotation that forgets to open the next file: the next iteration writes
// to the stream closed on the previous one, and may close it again.
#include <cstdio>

void writeLines(const char *path, const char *const *lines, int n, long maxBytes) {
  FILE *log = fopen(path, "a");
  if (!log)
    return;
  for (int i = 0; i < n; ++i) {
    fputs(lines[i], log); // BUG: use-after-close
    if (ftell(log) > maxBytes) // BUG: use-after-close
      fclose(log); // BUG: double-close
  }
}
