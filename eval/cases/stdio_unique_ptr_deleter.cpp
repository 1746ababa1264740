// Negative: fclose is the unique_ptr's deleter; the stream is used while owned.
#include <cstdio>
#include <memory>

using FilePtr = std::unique_ptr<FILE, int (*)(FILE *)>;

bool writeLines(const char *path, const char *const *lines, int n) {
  FilePtr f(fopen(path, "w"), &fclose);
  if (!f)
    return false;
  for (int i = 0; i < n; ++i)
    fputs(lines[i], f.get());
  return fflush(f.get()) == 0;
}
