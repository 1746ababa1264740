// read_header() opens a file with O_NOFOLLOW, checks with fstat() that it is
// a regular file, then wraps the descriptor with fdopen() to read the first
// line with fgets(). After a successful fdopen() the stream owns the
// descriptor, so fclose(fp) already closed it; the trailing close(fd), added
// "for symmetry" with open(), closes it a second time. The close(fd) on the
// fdopen() failure path is correct: the descriptor was never handed over.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int read_header(const char *path, char *out, size_t outlen) {
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return -1;
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return -1;
  }
  FILE *fp = fdopen(fd, "r");
  if (!fp) {
    close(fd); // OK: fdopen failed, the descriptor is still ours to close
    return -1;
  }
  int rc = std::fgets(out, static_cast<int>(outlen), fp) ? 0 : -1;
  if (rc == 0)
    out[std::strcspn(out, "\n")] = '\0';
  std::fclose(fp);
  close(fd); // BUG: double-close
  return rc;
}

int main(int argc, char **argv) {
  char line[256];
  for (int i = 1; i < argc; ++i) {
    if (read_header(argv[i], line, sizeof line) == 0)
      std::printf("%s: %s\n", argv[i], line);
    else
      std::fprintf(stderr, "%s: cannot read header\n", argv[i]);
  }
  return 0;
}
