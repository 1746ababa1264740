// Two loops from a log-shipping tool. writeBuckets() writes time-sorted
// records into one file per hour: the current file is closed inside the loop
// only when the hour changes, and the next file is opened right after (a
// failed open leaves `out` null and that hour's records are skipped).
// drainPipes() collects a child's stdout and stderr with poll(): each pipe is
// closed once, at EOF, and its slot set to -1 so poll() and the loop skip it.
//
// No bug: the fprintf() after the in-loop fclose() writes to the stream that
// replaced it (or is skipped when out is null); the final fclose() closes
// the last stream once; the read() and close() in drainPipes() run only for
// slots that are still >= 0, and the loop after it closes only those.
#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include <poll.h>
#include <unistd.h>

struct Rec {
  long ts;
  std::string msg;
};

static std::string bucketPath(const std::string &dir, long hour) {
  return dir + "/events-" + std::to_string(hour) + ".log";
}

void writeBuckets(const std::vector<Rec> &recs, const std::string &dir) {
  FILE *out = nullptr;
  long curHour = -1;
  for (const auto &r : recs) {
    long hour = r.ts / 3600;
    if (hour != curHour) {
      if (out)
        std::fclose(out); // OK: out is replaced right below
      out = std::fopen(bucketPath(dir, hour).c_str(), "a");
      curHour = hour;
    }
    if (!out)
      continue;
    std::fprintf(out, "%ld %s\n", r.ts, r.msg.c_str()); // OK: the closed stream was replaced
  }
  if (out)
    std::fclose(out); // OK: each stream is closed once
}

std::string drainPipes(int outFd, int errFd, std::string &err) {
  std::string out;
  pollfd p[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
  int open = 2;
  char buf[4096];
  while (open > 0) {
    if (::poll(p, 2, -1) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (p[i].fd < 0 || !(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t n = ::read(p[i].fd, buf, sizeof buf); // OK: closed slots are -1 and skipped
      if (n > 0) {
        (i == 0 ? out : err).append(buf, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR)
        continue;
      ::close(p[i].fd); // OK: once per pipe, the slot becomes -1
      p[i].fd = -1;
      --open;
    }
  }
  for (auto &e : p)
    if (e.fd >= 0)
      ::close(e.fd); // OK: only slots the loop did not close (poll() failed)
  return out;
}

int main() {
  writeBuckets({{7200, "boot"}, {7300, "ready"}, {10900, "rotate"}}, ".");
  int o[2], e[2];
  if (::pipe(o) != 0)
    return 1;
  if (::pipe(e) != 0) {
    ::close(o[0]);
    ::close(o[1]);
    return 1;
  }
  ssize_t w1 = ::write(o[1], "hello\n", 6);
  ssize_t w2 = ::write(e[1], "warning\n", 8);
  ::close(o[1]);
  ::close(e[1]);
  std::string err;
  std::string out = drainPipes(o[0], e[0], err);
  std::printf("out=%s err=%s (%zd/%zd)\n", out.c_str(), err.c_str(), w1, w2);
  return 0;
}
