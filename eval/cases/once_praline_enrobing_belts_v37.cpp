// Praline enrobing line: trays leave the chocolate curtain on belts and are
// fed into a CoolingTunnel (a pipe fd to the tunnel's PLC). The tunnel must be
// closed exactly once per shift: close() calls ::close() and throws on
// failure, so a second close fails with EBADF. The batch runners close on the
// last iteration, before a break, or behind a first-time flag. Bugs: one
// marker loop lost its break and feeds the marker tray into the closed tunnel,
// and the end-of-shift flush was meant to close after its loop but closes
// inside it, once per chocolate line.
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

class CoolingTunnel {
 public:
  explicit CoolingTunnel(int fd) : fd_(fd) {}
  void feed(const std::string& tray) {
    if (fd_ < 0) throw std::runtime_error("cooling tunnel closed");
    if (::write(fd_, tray.data(), tray.size()) < 0) throw std::system_error(errno, std::generic_category(), "cooling tunnel feed");
  }
  void close() {
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw std::system_error(errno, std::generic_category(), "cooling tunnel close");
  }

 private:
  int fd_;
};

struct Tray {
  std::string id;
  bool end_marker = false;
  bool last_of_shift = false;
};

void run_batch(CoolingTunnel& tunnel, const std::vector<Tray>& trays) {
  const std::size_t n = trays.size();
  for (std::size_t i = 0; i < n; ++i) {
    tunnel.feed(trays[i].id);
    if (i == n - 1) tunnel.close();  // OK: only on the last iteration
  }
}

void run_until_marker(CoolingTunnel& tunnel, const std::vector<Tray>& trays) {
  for (const auto& t : trays) {
    if (t.end_marker) {
      tunnel.close();  // OK: followed by break
      break;
    }
    tunnel.feed(t.id);  // OK: the close always leaves the loop
  }
}

void run_until_marker_no_break(CoolingTunnel& tunnel, const std::vector<Tray>& trays) {
  for (const auto& t : trays) {
    if (t.end_marker) tunnel.close();
    tunnel.feed(t.id);  // BUG: use-after-close
  }
}

void run_shift(CoolingTunnel& tunnel, const std::vector<Tray>& trays) {
  bool closed = false;
  for (const auto& t : trays) {
    if (closed) continue;
    tunnel.feed(t.id);  // OK: skipped once the tunnel is closed
    if (t.last_of_shift && !closed) {
      tunnel.close();  // OK: first-time flag
      closed = true;
    }
  }
}

void end_of_shift(CoolingTunnel& tunnel) {
  static const char* const kLines[] = {"dark", "milk", "white"};
  for (const char* line : kLines) {
    std::printf("flushing %s chocolate line\n", line);
    tunnel.close();  // BUG: double-close
  }
}
