// A key-file loader keeps the raw descriptor for fstat()/lseek() while
// reading through stdio: the stream is built on a dup() of the descriptor,
// so fclose(fp) closes only the duplicate. A second routine wraps a
// descriptor it owns outright with fdopen() and lets fclose() close it.
// Negative case: after fclose() of the dup-based stream the original
// descriptor is still open and is closed once by main; the fdopen() failure
// paths close the descriptor that was not handed over; the owned descriptor
// is used (fsync) only while its stream is open and never closed separately.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static int count_keys(int fd, long *keys) {
  int dfd = dup(fd);
  if (dfd < 0)
    return -1;
  FILE *fp = fdopen(dfd, "r");
  if (!fp) {
    close(dfd); // OK: fdopen failed, so the duplicate was not handed over
    return -1;
  }
  char line[512];
  *keys = 0;
  while (std::fgets(line, sizeof line, fp))
    if (std::strncmp(line, "ssh-", 4) == 0)
      ++*keys;
  std::fclose(fp); /* closes dfd only */
  struct stat st;
  if (fstat(fd, &st) < 0) // OK: fclose closed the duplicate, not fd
    return -1;
  return st.st_size > 0 ? 0 : -1;
}

static int write_stamp(const char *path, long keys) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return -1;
  FILE *w = fdopen(fd, "w");
  if (!w) {
    close(fd); // OK: fdopen failed, fd is still ours
    return -1;
  }
  std::fprintf(w, "keys=%ld\n", keys);
  if (std::fflush(w) != 0 || fsync(fd) < 0) { // OK: fd belongs to the stream w, which is still open
    std::fclose(w);
    return -1;
  }
  return std::fclose(w) == 0 ? 0 : -1; /* also closes fd; no close(fd) follows */
}

int main(int argc, char **argv) {
  int fd = open(argc > 1 ? argv[1] : "authorized_keys", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 1;
  long keys = 0;
  int rc = count_keys(fd, &keys);
  if (rc == 0 && lseek(fd, 0, SEEK_SET) < 0) // OK: count_keys closed only its dup of fd
    rc = -1;
  close(fd); // OK: the single close of the original descriptor
  if (rc != 0)
    return 1;
  return write_stamp("keys.stamp", keys) == 0 ? 0 : 1;
}
