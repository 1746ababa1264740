// Negative: a worker closes every inherited descriptor once.
#include <unistd.h>
#include <vector>

void closeInherited(const std::vector<int> &fds, int keep) {
  for (int fd : fds) {
    if (fd == keep)
      continue;
    close(fd);
  }
  write(keep, "ready\n", 6);
}
