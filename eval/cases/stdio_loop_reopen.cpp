// Negative: log rotation that reopens right after closing.
#include <cstdio>

void writeLines(const char *path, const char *const *lines, int n, long maxBytes) {
  FILE *log = fopen(path, "a");
  if (!log)
    return;
  for (int i = 0; i < n; ++i) {
    fputs(lines[i], log);
    if (ftell(log) > maxBytes) {
      fclose(log);
      log = fopen(path, "w");
      if (!log)
        return;
    }
  }
  fclose(log);
}
