// Seawater valves of an oyster hatchery: each larval tank has an inlet and an
// outlet valve driven over a serial link. ValveLink::close() refuses to close
// while commands are still queued (returns -1 with EAGAIN and stays open, so
// a retry after drain() is the intended use) and throws when the link is
// already closed. Two mistakes: flush_tank() retries in a loop that does not
// stop when the close succeeded, and decommission() retires the inlet and
// then release_tank() closes it a second time.
#include <cerrno>
#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

class ValveLink {
public:
  bool open(const char *tty);
  void command(const std::string &cmd);
  void drain();
  int close();
  bool is_open() const { return fd_ >= 0; }

private:
  int fd_ = -1;
  std::deque<std::string> queue_;
};

bool ValveLink::open(const char *tty) {
  fd_ = ::open(tty, O_RDWR | O_NOCTTY | O_CLOEXEC);
  return fd_ >= 0;
}

void ValveLink::command(const std::string &cmd) {
  if (fd_ < 0)
    throw std::runtime_error("valve link closed");
  queue_.push_back(cmd + "\r");
}

// Writes at most one burst of queued commands (the valve controller's input
// buffer holds four).
void ValveLink::drain() {
  for (int burst = 0; burst < 4 && fd_ >= 0 && !queue_.empty(); ++burst) {
    const std::string &c = queue_.front();
    (void)::write(fd_, c.data(), c.size());
    queue_.pop_front();
  }
}

int ValveLink::close() {
  if (fd_ < 0)
    throw std::logic_error("valve link already closed");
  if (!queue_.empty()) {
    errno = EAGAIN;
    return -1;
  }
  ::close(fd_);
  fd_ = -1;
  return 0;
}

struct Tank {
  int number = 0;
  ValveLink inlet;
  ValveLink outlet;
};

static bool retire_valve(ValveLink &v) {
  v.command("SHUT");
  v.drain();
  return v.close() == 0;
}

static void release_tank(Tank &t) {
  t.inlet.close(); // SAME: release
  t.outlet.close();
}

void close_inlet(Tank &t) {
  if (t.inlet.close() == -1 && errno == EAGAIN) {
    t.inlet.drain();
    t.inlet.close(); // OK: previous close failed
  }
}

void close_outlet(Tank &t) {
  if (t.outlet.close() != 0) {
    t.outlet.drain();
    t.outlet.close(); // OK: previous close failed
  }
}

void flush_tank(Tank &t) {
  t.outlet.command("FLUSH");
  for (int attempt = 0; attempt < 3; ++attempt) {
    int rc = t.outlet.close(); // BUG: double-close
    if (rc != 0)
      std::fprintf(stderr, "tank %d: outlet busy, draining\n", t.number);
    t.outlet.drain();
  }
}

void decommission(Tank &t) {
  if (!retire_valve(t.inlet)) {
    t.inlet.drain();
    t.inlet.close(); // OK: previous close failed (retire_valve returns false only when close returned -1)
  }
  t.outlet.command("SHUT");
  t.outlet.drain();
  release_tank(t); // BUG: double-close #release
}

void seasonal_stop(Tank &t) {
  retire_valve(t.outlet);
  if (t.outlet.is_open()) {
    t.outlet.drain();
    t.outlet.close(); // OK: is_open() means the first close failed
  }
  if (t.inlet.is_open())
    t.inlet.command("SHUT"); // OK: guarded by is_open()
}
