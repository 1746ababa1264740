// Spool writer of a metrics exporter (Linux). Worker threads each write one
// segment file into a spool directory that is usually NFS-mounted, where
// close() reports write-back errors and can be interrupted: SIGUSR1 (status
// dump) is installed without SA_RESTART. Each segment gets a small ".meta"
// companion written through stdio.
//
// Bug: closeNoIntr() retries close() while it fails with EINTR. On Linux the
// descriptor is released before close() can be interrupted, so the retry
// closes the number again, and with several workers opening segments that
// number may already belong to another worker's file.
// Bug: fcloseNoIntr() does the same with fclose(): after fclose() returns, even
// with an error, the FILE is freed, so calling fclose() on it again is
// undefined behaviour on every platform.
// Correct for contrast: writeAll() retries write() after EINTR, which is the
// right thing to retry; closeLockFile() closes once and reads EINTR as
// "closed".
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

static int closeNoIntr(int fd) {
  int rc;
  do {
    rc = ::close(fd); // BUG: double-close
  } while (rc != 0 && errno == EINTR);
  return rc;
}

static bool fcloseNoIntr(FILE *fp) {
  int rc;
  do {
    rc = std::fclose(fp); // BUG: double-close
  } while (rc != 0 && errno == EINTR);
  return rc == 0;
}

static int closeLockFile(int fd) {
  int rc = ::close(fd);
  if (rc != 0 && errno == EINTR)
    return 0; // Linux: the descriptor is gone, nothing left to do
  return rc;
}

static bool writeAll(int fd, const char *p, size_t len) {
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

static bool writeSegment(const std::string &dir, int id, const std::string &payload) {
  const std::string path = dir + "/seg-" + std::to_string(id);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  bool ok = writeAll(fd, payload.data(), payload.size());
  if (closeNoIntr(fd) != 0)
    ok = false; // NFS reports failed write-back here
  if (!ok) {
    ::unlink(path.c_str());
    return false;
  }
  FILE *meta = std::fopen((path + ".meta").c_str(), "w");
  if (!meta)
    return false;
  std::fprintf(meta, "size=%zu\n", payload.size());
  return fcloseNoIntr(meta);
}

static void onStatus(int) {
  const char msg[] = "spool: busy\n";
  ssize_t ignored = ::write(STDERR_FILENO, msg, sizeof msg - 1);
  (void)ignored;
}

int main(int argc, char **argv) {
  const std::string dir = argc > 1 ? argv[1] : "/var/spool/metrics";
  struct sigaction sa {};
  sa.sa_handler = onStatus;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; // no SA_RESTART: a status request must interrupt blocking calls
  ::sigaction(SIGUSR1, &sa, nullptr);

  int lock = ::open((dir + "/.lock").c_str(), O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
  if (lock < 0)
    return 1;
  std::vector<std::thread> workers;
  for (int i = 0; i < 8; ++i)
    workers.emplace_back([&dir, i] {
      std::string payload(64 * 1024, static_cast<char>('a' + i));
      if (!writeSegment(dir, i, payload))
        std::fprintf(stderr, "spool: segment %d failed\n", i);
    });
  for (auto &t : workers)
    t.join();
  return closeLockFile(lock) == 0 ? 0 : 1;
}
