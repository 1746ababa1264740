// A reader that closes the stream it was given, then keeps reading from it.
#include <cstdio>
#include <cstring>

int countHeaderLines(FILE *in) {
  char line[256];
  int n = 0;
  while (fgets(line, sizeof line, in) && line[0] == '#')
    ++n;
  fclose(in);
  if (fgets(line, sizeof line, in)) // BUG: use-after-close
    n += strlen(line) > 0;
  return n;
}
