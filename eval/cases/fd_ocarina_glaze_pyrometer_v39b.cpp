// A pottery firing ocarinas polls a serial pyrometer: writing "R\n" to the
// device returns one temperature line. Every reading is mirrored to a log
// descriptor that was dup'd for the mirror (the original log fd is closed right
// after the dup, the dup stays open). Bugs: when a read fails, the loop closes
// the device and breaks, and the cleanup after the loop closes it again; and
// abort_firing() closes the device in stop_device() and then asks it for a
// final reading through request().
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

static int fail_close(int fd, const char* what) {
  std::fprintf(stderr, "pyrometer: %s: %s\n", what, std::strerror(errno));
  ::close(fd);
  return -1;
}

static bool request(int fd) {
  return ::write(fd, "R\n", 2) == 2;  // SAME: final
}

static bool read_celsius(int fd, double* out) {
  char line[64];
  ssize_t n = ::read(fd, line, sizeof line - 1);
  if (n <= 0) return false;
  line[n] = '\0';
  *out = std::strtod(line, nullptr);
  return true;
}

static void stop_device(int fd) {
  ::write(fd, "S\n", 2);
  ::close(fd);
}

static void drop(int& fd) {
  if (fd < 0) return;
  ::close(fd);  // OK: fd reset below, later drop() calls return early
  fd = -1;
}

int run_firing(const char* dev, const char* logpath, int samples) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  int log = ::open(logpath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (log < 0) return fail_close(fd, "log");
  int mirror = ::dup(log);
  if (mirror < 0) {
    ::close(log);
    return fail_close(fd, "dup");
  }
  ::close(log);
  ::write(mirror, "firing start\n", 13);  // OK: the dup is a distinct descriptor
  int got = 0;
  for (int i = 0; i < samples; ++i) {
    double c = 0;
    if (!request(fd) || !read_celsius(fd, &c)) {
      ::close(fd);
      break;
    }
    char line[48];
    int len = std::snprintf(line, sizeof line, "%d %.1f\n", i, c);
    ::write(mirror, line, static_cast<size_t>(len));  // OK: mirror is never closed in the loop
    ++got;
  }
  ::write(mirror, "firing end\n", 11);  // OK
  ::close(mirror);
  ::close(fd);  // BUG: double-close
  return got;
}

int abort_firing(int fd, int mirror) {
  stop_device(fd);
  double last = 0;
  if (request(fd) && read_celsius(fd, &last)) {  // BUG: use-after-close #final
    char line[48];
    int len = std::snprintf(line, sizeof line, "abort at %.1f\n", last);
    ::write(mirror, line, static_cast<size_t>(len));
  }
  return 0;
}

int cool_down(const char* dev, int mirror) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return -1;
  double c = 1000;
  while (c > 200 && request(fd) && read_celsius(fd, &c)) ::usleep(500000);
  drop(fd);
  drop(fd);  // OK: second call returns early, fd is -1
  if (fd >= 0) request(fd);  // OK: fd reset to -1 by drop()
  ::write(mirror, "cooled\n", 7);  // OK: different descriptor
  return 0;
}
