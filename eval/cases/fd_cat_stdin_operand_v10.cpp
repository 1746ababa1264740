// A cat-like tool: each operand "-" means standard input, anything else is
// opened; the data is copied with read()/write(), and a switch on the copy
// result decides whether to continue. Negative case: the loop closes a
// descriptor only when it opened it (is_stdin false), standard input is
// closed at most once, after the loop and only if it was read (as coreutils
// does to report read errors on stdin), and descriptor 0 is made sure to be
// open at start so open() can never return 0 for a named file.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

enum copy_result { COPY_OK, COPY_READ_ERROR, COPY_WRITE_ERROR };

static copy_result copy_fd(int fd) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n == 0)
      return COPY_OK;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return COPY_READ_ERROR;
    }
    ssize_t off = 0;
    while (off < n) {
      ssize_t w = write(STDOUT_FILENO, buf + off, static_cast<size_t>(n - off));
      if (w < 0) {
        if (errno == EINTR)
          continue;
        return COPY_WRITE_ERROR;
      }
      off += w;
    }
  }
}

int main(int argc, char **argv) {
  if (fcntl(STDIN_FILENO, F_GETFD) < 0 && open("/dev/null", O_RDONLY) < 0)
    return 2;
  bool stdin_used = false;
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    const char *name = argv[i];
    bool is_stdin = std::strcmp(name, "-") == 0;
    int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      std::fprintf(stderr, "cat: %s: %s\n", name, std::strerror(errno));
      status = 1;
      continue;
    }
    if (is_stdin)
      stdin_used = true;
    copy_result r = copy_fd(fd); // OK: a "-" operand after another "-" reads stdin, which the loop never closes
    if (!is_stdin && close(fd) < 0) { // OK: closes only a descriptor opened in this iteration
      std::fprintf(stderr, "cat: %s: %s\n", name, std::strerror(errno));
      status = 1;
    }
    switch (r) {
    case COPY_OK:
      break;
    case COPY_READ_ERROR:
      std::fprintf(stderr, "cat: %s: read error\n", name);
      status = 1;
      break;
    case COPY_WRITE_ERROR:
      std::fprintf(stderr, "cat: write error\n");
      status = 1;
      goto out;
    }
  }
out:
  if (stdin_used && close(STDIN_FILENO) < 0) { // OK: the loop never closes standard input
    std::perror("cat: -");
    status = 1;
  }
  return status;
}
