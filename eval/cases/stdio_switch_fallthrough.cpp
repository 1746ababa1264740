// A state machine whose "abort" case closes the file and falls into "done",
// which writes the trailer.
#include <cstdio>

enum class State { Running, Abort, Done };

void finishDownload(const char *path, State s, long bytes) {
  FILE *f = fopen(path, "a");
  if (!f)
    return;
  switch (s) {
  case State::Running:
    fflush(f);
    break;
  case State::Abort:
    fclose(f);
    [[fallthrough]];
  case State::Done:
    fprintf(f, "# %ld bytes\n", bytes); // BUG: use-after-close
    break;
  }
}
