// Negative: stdout is redirected and restored with dup/dup2.
#include <fcntl.h>
#include <unistd.h>

int runRedirected(const char *logPath, void (*job)()) {
  int fd = open(logPath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return -1;
  int saved = dup(STDOUT_FILENO);
  dup2(fd, STDOUT_FILENO);
  close(fd);
  job();
  dup2(saved, STDOUT_FILENO);
  close(saved);
  write(STDOUT_FILENO, "done\n", 5);
  return 0;
}
