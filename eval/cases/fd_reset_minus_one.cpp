// Negative: the descriptor is set to -1 after close and checked before reuse.
#include <unistd.h>

struct Pipe {
  int rd = -1;
  int wr = -1;
};

void closeWriteEnd(Pipe &p) {
  if (p.wr >= 0) {
    close(p.wr);
    p.wr = -1;
  }
}

void finish(Pipe &p) {
  closeWriteEnd(p);
  if (p.wr >= 0)
    write(p.wr, "x", 1);
  closeWriteEnd(p);
}
