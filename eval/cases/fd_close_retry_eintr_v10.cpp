// A portability layer's close wrapper that retries close() while it fails
// with EINTR (POSIX.1-2024 specifies that a close() failing with EINTR leaves
// the descriptor open; HP-UX behaves so), used by a small file-copy routine
// that closes each descriptor once through the wrapper and marks it -1.
// Negative case: close() is repeated only after a failed close with EINTR,
// never after a successful one, and the cleanup skips descriptors set to -1.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

static int close_retry(int fd) {
  int rc;
  do {
    rc = close(fd); // OK: repeated only when the previous close failed with EINTR
  } while (rc == -1 && errno == EINTR);
  return rc;
}

static int close_once_more_on_eintr(int fd) {
  if (close(fd) == 0)
    return 0;
  if (errno != EINTR)
    return -1;
  return close(fd); // OK: the first close failed with EINTR, so fd is still open
}

static int copy_path(const char *src, const char *dst) {
  int in = -1, out = -1, ret = -1;
  char buf[8192];
  ssize_t n;

  in = open(src, O_RDONLY | O_CLOEXEC);
  if (in < 0)
    goto done;
  out = open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0)
    goto done;
  while ((n = read(in, buf, sizeof buf)) > 0) {
    if (write(out, buf, static_cast<size_t>(n)) != n)
      goto done;
  }
  if (n < 0)
    goto done;
  if (close_retry(out) < 0) {
    out = -1; /* gone either way: don't close it again */
    goto done;
  }
  out = -1;
  ret = 0;
done:
  if (out >= 0)
    close_retry(out); // OK: out is -1 after the close above, so this runs only on earlier failures
  if (in >= 0)
    close_once_more_on_eintr(in); // OK: in is closed only here
  return ret;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  return copy_path(argv[1], argv[2]) == 0 ? 0 : 1;
}
