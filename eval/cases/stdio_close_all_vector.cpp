// Negative: all open streams are closed at shutdown and the list is cleared.
#include <cstdio>
#include <vector>

struct Outputs {
  std::vector<FILE *> files;
  void broadcast(const char *msg) {
    for (FILE *f : files)
      fputs(msg, f);
  }
  void closeAll() {
    for (FILE *f : files)
      fclose(f);
    files.clear();
  }
};

void shutdown(Outputs &o) {
  o.broadcast("bye\n");
  o.closeAll();
  o.broadcast("after\n");
}
