// fclose() on the stream made by fdopen() already closes the descriptor; the
// close() after it closes the number a second time.
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

int writeStatus(const char *path, int code) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return -1;
  FILE *f = fdopen(fd, "w");
  if (!f) {
    close(fd);
    return -1;
  }
  fprintf(f, "status=%d\n", code);
  fclose(f);
  close(fd); // BUG: double-close
  return 0;
}
