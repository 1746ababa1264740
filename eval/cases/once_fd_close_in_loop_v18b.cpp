// Spool replicator: copies a spool file to several destination paths with
// POSIX descriptors. replicateAll() closes the source inside the per-
// destination loop instead of after it, so with two or more destinations the
// second iteration seeks/reads a closed descriptor and closes it again.
// replicateLast() closes the source only in the last iteration, and
// replicateChecked() closes it after the loop.
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

// Copies everything from `src` (from its current offset) to `dst`.
static long copyAll(int src, int dst) {
  char buf[8192];
  long total = 0;
  for (;;) {
    ssize_t n = read(src, buf, sizeof buf); // SAME: loopread
    if (n < 0)
      return -1;
    if (n == 0)
      return total;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(dst, buf + off, static_cast<size_t>(n - off));
      if (w < 0)
        return -1;
      off += w;
    }
    total += n;
  }
}

static int openDest(const std::string &path) {
  return open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0640);
}

int replicateAll(const std::string &spool, const std::vector<std::string> &dests) {
  int src = open(spool.c_str(), O_RDONLY);
  if (src < 0)
    return -1;
  int failures = 0;
  for (const std::string &d : dests) {
    lseek(src, 0, SEEK_SET); // BUG: use-after-close
    int out = openDest(d);
    if (out < 0) {
      ++failures;
      continue;
    }
    if (copyAll(src, out) < 0) // BUG: use-after-close #loopread
      ++failures;
    close(out);
    close(src); // BUG: double-close
  }
  return failures;
}

int replicateLast(const std::string &spool, const std::vector<std::string> &dests) {
  int src = open(spool.c_str(), O_RDONLY);
  if (src < 0)
    return -1;
  int failures = 0;
  const std::size_t n = dests.size();
  for (std::size_t i = 0; i < n; ++i) {
    lseek(src, 0, SEEK_SET); // OK: the source is closed only after the last copy
    int out = openDest(dests[i]);
    if (out >= 0) {
      if (copyAll(src, out) < 0)
        ++failures;
      close(out);
    } else {
      ++failures;
    }
    if (i == n - 1)
      close(src); // OK: runs once, in the last iteration
  }
  if (n == 0)
    close(src);
  return failures;
}

int replicateChecked(const std::string &spool, const std::vector<std::string> &dests) {
  int src = open(spool.c_str(), O_RDONLY);
  if (src < 0)
    return -1;
  int failures = 0;
  for (const std::string &d : dests) {
    int out = openDest(d);
    if (out < 0 || lseek(src, 0, SEEK_SET) < 0 || copyAll(src, out) < 0)
      ++failures;
    if (out >= 0)
      close(out);
  }
  close(src);
  return failures;
}

int main(int argc, char **argv) {
  std::string spool = argc > 1 ? argv[1] : "/var/spool/outbox/batch.dat";
  std::vector<std::string> dests = {"/mnt/replica-a/batch.dat", "/mnt/replica-b/batch.dat"};
  int f = replicateChecked(spool, dests);
  f += replicateLast(spool, dests);
  f += replicateAll(spool, dests);
  std::printf("%d copy failures\n", f);
  return f ? 1 : 0;
}
