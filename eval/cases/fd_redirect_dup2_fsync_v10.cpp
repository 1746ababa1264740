// run_with_output() runs a callback with standard output redirected to a
// file, as test harnesses and report generators do: save stdout with dup(),
// open the target, dup2() it onto STDOUT_FILENO, close the original
// descriptor, run the body, then flush and restore stdout. The fsync() meant
// to make the report durable is issued on `fd`, which was closed right after
// the dup2(), instead of on STDOUT_FILENO.
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

static void print_report(void) {
  std::printf("total: %d\n", 42);
}

static int run_with_output(const char *path, void (*body)(void)) {
  std::fflush(stdout);
  int saved = dup(STDOUT_FILENO);
  if (saved < 0)
    return -1;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    close(saved);
    return -1;
  }
  if (dup2(fd, STDOUT_FILENO) < 0) {
    close(fd);
    close(saved);
    return -1;
  }
  close(fd); /* STDOUT_FILENO now refers to the file */

  body();
  std::fflush(stdout);

  int rc = 0;
  if (fsync(fd) < 0) // BUG: use-after-close
    rc = -1;
  if (dup2(saved, STDOUT_FILENO) < 0) // OK: saved is closed only on the early-return paths
    rc = -1;
  close(saved); // OK: saved was not closed on this path
  return rc;
}

int main(int argc, char **argv) {
  int rc = run_with_output(argc > 1 ? argv[1] : "report.txt", print_report);
  std::printf("report %s\n", rc == 0 ? "written" : "failed"); // OK: stdout was restored from the saved descriptor
  return rc == 0 ? 0 : 1;
}
