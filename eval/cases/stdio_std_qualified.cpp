// The std:: spellings of the stdio functions.
#include <cstdio>

void emitFooter(const char *path, int pages) {
  std::FILE *f = std::fopen(path, "a");
  if (!f)
    return;
  std::fprintf(f, "pages=%d\n", pages);
  std::fclose(f);
  std::fputs("EOF\n", f); // BUG: use-after-close
}
