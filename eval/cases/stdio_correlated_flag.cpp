// Negative: the stream is closed only when we own it, and written only when
// we do not; the flag does not change in between.
#include <cstdio>

void emit(FILE *f, bool owned, const char *text) {
  if (owned)
    fclose(f);
  const char *prefix = owned ? "closed" : "open";
  (void)prefix;
  if (!owned)
    fputs(text, f);
}
