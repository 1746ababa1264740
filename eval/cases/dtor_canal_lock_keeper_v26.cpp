// Lock-keeper controller for a canal lock: the upper and lower gate
// actuators are driven over serial links, a heartbeat tells the actuators the
// controller is alive (and says goodbye when the controller goes away), the
// chamber's water level is read from a gauge device, and every lock cycle is
// written to a journal that is rotated each day. Negative case: the
// heartbeat is declared after the gate links, so it is destroyed (and sends
// its goodbye) while the links are still open; the gauge's scope guard is
// dismissed before the explicit close; the journal is reset to a new file
// before it is written again, and written only while one is open.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_)
      fn_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { armed_ = false; }

private:
  F fn_;
  bool armed_ = true;
};

class GateLink {
public:
  GateLink(const char *device) : fd_(::open(device, O_RDWR | O_NOCTTY | O_CLOEXEC)) {}
  ~GateLink() {
    if (fd_ >= 0)
      ::close(fd_); // OK
  }
  GateLink(const GateLink &) = delete;
  GateLink &operator=(const GateLink &) = delete;

  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("gate link not open");
    std::string line = cmd + "\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("gate link write failed");
  }

private:
  int fd_;
};

class Heartbeat {
public:
  explicit Heartbeat(GateLink &link) : link_(link) {}
  ~Heartbeat() {
    try {
      link_.send("HB STOP"); // OK
    } catch (const std::exception &) {
    }
  }
  void beat() { link_.send("HB"); }

private:
  GateLink &link_;
};

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using Journal = std::unique_ptr<FILE, FileCloser>;

int readWaterLevelCm(const char *gauge) {
  int fd = ::open(gauge, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  ScopeExit closeGauge([fd] { ::close(fd); }); // OK
  char buf[16];
  ssize_t n = ::read(fd, buf, sizeof buf - 1);
  if (n <= 0)
    return -1;
  buf[n] = '\0';
  closeGauge.dismiss();
  if (::close(fd) != 0) // OK
    return -1;
  return std::atoi(buf);
}

class LockChamber {
public:
  LockChamber(const char *upperDev, const char *lowerDev)
      : upper_(upperDev), lower_(lowerDev), heartbeat_(upper_) {}

  void rotateJournal(const std::string &path);
  bool cycleUp(const char *gauge, int upperPoundCm);

private:
  void note(const std::string &text) {
    if (journal_)
      std::fprintf(journal_.get(), "%s\n", text.c_str()); // OK
  }

  GateLink upper_;
  GateLink lower_;
  Heartbeat heartbeat_;
  Journal journal_;
};

void LockChamber::rotateJournal(const std::string &path) {
  journal_.reset(std::fopen(path.c_str(), "a"));
  if (journal_)
    std::fputs("journal opened\n", journal_.get()); // OK
}

bool LockChamber::cycleUp(const char *gauge, int upperPoundCm) {
  heartbeat_.beat();
  lower_.send("CLOSE");
  upper_.send("PADDLES OPEN");
  int level = readWaterLevelCm(gauge);
  if (level < 0 || level + 5 < upperPoundCm) {
    note("level not reached: " + std::to_string(level));
    upper_.send("PADDLES CLOSE");
    return false;
  }
  upper_.send("GATES OPEN");
  note("cycle up at " + std::to_string(level) + "cm");
  return true;
}
