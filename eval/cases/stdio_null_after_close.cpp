// Negative: the pointer is nulled after fclose and every later use checks it.
#include <cstdio>

struct Trace {
  FILE *fp = nullptr;
};

void traceStop(Trace &t) {
  if (t.fp) {
    fclose(t.fp);
    t.fp = nullptr;
  }
}

void traceEvent(Trace &t, const char *what) {
  traceStop(t);
  if (t.fp)
    fprintf(t.fp, "%s\n", what);
  traceStop(t);
}
