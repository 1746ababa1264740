// Eclosion monitor for a rearing sleeve: a photogate on a serial line reports
// each adult emerging from its chrysalis. A reader thread reads gate events;
// forward_events() passes them to the notifier through a pipe whose write end
// it owns; snapshot_gate() takes over an idle gate through a dup().
// Mistakes: stop_monitor() closes the gate descriptor to "wake" the reader
// thread, which may be about to call read() on it again; forward_events()
// closes the pipe on a short write but `continue`s, so the next event is
// written to the closed descriptor.
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <thread>
#include <unistd.h>
#include <vector>

struct SleeveEmergence {
  int sleeve;
  long at;
};

struct SleeveGate {
  int fd = -1;
  std::atomic<bool> running{false};
  std::thread reader;
  std::vector<SleeveEmergence> seen;
};

static void parse_gate_bytes(SleeveGate *g, const char *buf, ssize_t n) {
  for (ssize_t i = 0; i < n; ++i)
    if (buf[i] >= '0' && buf[i] <= '9')
      g->seen.push_back({buf[i] - '0', static_cast<long>(g->seen.size())});
}

static void gate_reader_loop(SleeveGate *g) {
  char buf[64];
  while (g->running.load()) {
    ssize_t n = ::read(g->fd, buf, sizeof buf); // BUG: use-after-close #wake
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    parse_gate_bytes(g, buf, n);
  }
}

bool start_monitor(SleeveGate &g, const char *tty) {
  g.fd = ::open(tty, O_RDONLY | O_NOCTTY | O_CLOEXEC);
  if (g.fd < 0)
    return false;
  g.running.store(true);
  g.reader = std::thread(gate_reader_loop, &g);
  return true;
}

void stop_monitor(SleeveGate &g) {
  g.running.store(false);
  ::close(g.fd); // SAME: wake
  g.reader.join();
  g.fd = -1;
}

void release_gate(SleeveGate &g) {
  if (g.fd >= 0)
    ::close(g.fd); // OK: stop_monitor() set fd to -1 after its close
  g.fd = -1;
}

// Takes over a gate descriptor that no thread reads any more and dumps what
// is left in the line buffer.
int snapshot_gate(int gate_fd, const char *dump_path) {
  int copy = ::dup(gate_fd);
  ::close(gate_fd);
  if (copy < 0)
    return -1;
  int out = ::open(dump_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  char buf[256];
  ssize_t n = ::read(copy, buf, sizeof buf); // OK: the dup()ed descriptor is still open
  if (out >= 0 && n > 0)
    ::write(out, buf, static_cast<size_t>(n));
  if (out >= 0)
    ::close(out);
  ::close(copy);
  return 0;
}

int forward_events(int notify_fd, const std::vector<SleeveEmergence> &events) {
  int sent = 0;
  bool broken = false;
  for (const SleeveEmergence &e : events) {
    if (e.sleeve < 0)
      continue;
    char line[64];
    int len = std::snprintf(line, sizeof line, "eclosed sleeve=%d t=%ld\n", e.sleeve, e.at);
    ssize_t w;
    do {
      w = ::write(notify_fd, line, static_cast<size_t>(len)); // BUG: use-after-close
    } while (w < 0 && errno == EINTR);
    if (w != len) {
      std::fprintf(stderr, "notifier pipe: %s\n", std::strerror(errno));
      ::close(notify_fd); // BUG: double-close
      broken = true;
      continue;
    }
    ++sent;
  }
  if (!broken)
    ::close(notify_fd); // OK: only when the loop did not close it
  return sent;
}

int run_sleeve_night(const char *tty) {
  int pipefd[2];
  if (::pipe(pipefd) != 0)
    return 1;
  SleeveGate gate;
  if (!start_monitor(gate, tty)) {
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    return 1;
  }
  ::sleep(1);
  stop_monitor(gate);
  int n = forward_events(pipefd[1], gate.seen);
  ::close(pipefd[0]);
  release_gate(gate);
  return n > 0 ? 0 : 2;
}
