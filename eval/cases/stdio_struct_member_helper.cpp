// A writer struct closed by one helper and written by another afterwards.
#include <cstdio>

struct Writer {
  FILE *fp;
  long written;
};

void writerClose(Writer *w) {
  fflush(w->fp);
  fclose(w->fp);
}

void writerFinish(Writer *w) {
  writerClose(w);
  fprintf(w->fp, "written=%ld\n", w->written); // BUG: use-after-close
}
