// A scratch file is closed before it is read back.
#include <cstdio>

size_t roundTrip(const char *data, size_t n, char *back) {
  FILE *tmp = tmpfile();
  if (!tmp)
    return 0;
  fwrite(data, 1, n, tmp);
  fclose(tmp);
  rewind(tmp); // BUG: use-after-close
  return fread(back, 1, n, tmp); // BUG: use-after-close
}
