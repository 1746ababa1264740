// save_state() writes a state file atomically (temporary file, fsync, rename),
// the way editors and package managers do. Its helper write_all() retries
// short writes and EINTR and, on a hard error, closes the descriptor itself
// "so callers cannot leak it" before returning -1. save_state() was written
// against the old contract and closes the descriptor again on that error path.
// append_journal() uses the same helper correctly: it just returns on failure.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

static int write_all(int fd, const void *data, size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t w = write(fd, p, len);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      int saved = errno;
      close(fd);
      errno = saved;
      return -1;
    }
    p += w;
    len -= static_cast<size_t>(w);
  }
  return 0;
}

static int save_state(const char *path, const char *text) {
  char tmp[4096];
  std::snprintf(tmp, sizeof tmp, "%s.tmp", path);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  if (write_all(fd, text, std::strlen(text)) < 0) {
    std::perror(tmp);
    close(fd); // BUG: double-close
    unlink(tmp);
    return -1;
  }
  if (fsync(fd) < 0) { // OK: write_all closes only on its failure path, which returned above
    close(fd);         // OK: first close of fd on this path
    unlink(tmp);
    return -1;
  }
  if (close(fd) < 0) { // OK: the fsync failure path returned, so this is the only close
    unlink(tmp);
    return -1;
  }
  if (rename(tmp, path) < 0) {
    unlink(tmp);
    return -1;
  }
  return 0;
}

static int append_journal(const char *path, const char *hdr, const char *body) {
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  if (write_all(fd, hdr, std::strlen(hdr)) < 0)
    return -1; /* write_all already closed fd */
  if (write_all(fd, body, std::strlen(body)) < 0) // OK: the first write_all succeeded, so fd is still open
    return -1;
  return close(fd); // OK: both write_all calls succeeded and neither closed fd
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  char state[4096], journal[4096];
  std::snprintf(state, sizeof state, "%s/state", dir);
  std::snprintf(journal, sizeof journal, "%s/journal", dir);
  if (save_state(state, "generation=42\n") != 0)
    return 1;
  return append_journal(journal, "op: save\n", "generation=42\n") == 0 ? 0 : 1;
}
