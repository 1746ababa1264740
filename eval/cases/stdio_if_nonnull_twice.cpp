// A non-null check is not a "still open" check: the second fclose runs on a
// stream the first one already closed.
#include <cstdio>

void closeStreams(FILE *in, FILE *out, bool failed) {
  if (failed && out)
    fclose(out);
  if (in)
    fclose(in);
  if (out)
    fclose(out); // BUG: double-close
}
