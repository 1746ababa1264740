// Negative: after the close the pointer is only compared and printed, never
// passed to a stream function.
#include <cstdio>

FILE *g_current = nullptr;

void closeCurrent(FILE *f) {
  fclose(f);
  if (f == g_current)
    g_current = nullptr;
  printf("closed stream %p\n", static_cast<void *>(f));
}
