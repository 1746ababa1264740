// Negative: open, check, write, flush, close; nothing touches the stream after.
#include <cstdio>

bool saveConfig(const char *path, int port, const char *host) {
  FILE *f = fopen(path, "w");
  if (f == nullptr)
    return false;
  fprintf(f, "port=%d\n", port);
  fprintf(f, "host=%s\n", host);
  bool ok = fflush(f) == 0 && !ferror(f);
  if (fclose(f) != 0)
    ok = false;
  return ok;
}
