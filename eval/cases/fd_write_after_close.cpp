// A pid file whose descriptor is closed before the newline is written.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

int writePidFile(const char *path, int pid) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  char buf[32];
  int n = snprintf(buf, sizeof buf, "%d", pid);
  write(fd, buf, n);
  close(fd);
  write(fd, "\n", 1); // BUG: use-after-close
  return 0;
}
