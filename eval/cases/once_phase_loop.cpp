// A three-phase export loop: phase 0 writes the header, phase 1 closes the
// file, phase 2 notifies the watcher. The close runs in exactly one iteration
// and no later phase touches the file (negative case).
#include <cstdio>

void notifyWatcher(const char *path);

void exportPhases(std::FILE *out, const char *path) {
  for (int phase = 0; phase < 3; ++phase) {
    if (phase == 0)
      std::fputs("id,value\n", out); // OK
    if (phase == 1)
      std::fclose(out); // OK
    if (phase == 2)
      notifyWatcher(path);
  }
}

void exportIndexed(std::FILE *out) {
  for (int i = 0; i < 4; ++i) {
    if (i == 1)
      std::fclose(out); // OK
  }
}
