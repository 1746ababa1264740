// The write-failure branch closes the file, then the common exit closes it again.
#include <cstdio>

bool saveBlob(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = true;
  if (fwrite(data, 1, size, f) != size) {
    fclose(f);
    ok = false;
  }
  fclose(f); // BUG: double-close
  return ok;
}
