// Negative: a local flag records the close and guards the later writes.
#include <cstdio>

int process(FILE *out, const int *v, int n) {
  bool closed = false;
  for (int i = 0; i < n; ++i) {
    if (v[i] < 0) {
      fclose(out);
      closed = true;
      break;
    }
    fprintf(out, "%d\n", v[i]);
  }
  if (!closed) {
    fputs("end\n", out);
    fclose(out);
  }
  return closed ? -1 : 0;
}
