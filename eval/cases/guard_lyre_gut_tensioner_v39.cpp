// Lyre workshop: a gut-string tensioner rig is driven over a serial device
// descriptor. The rig wrapper closes the descriptor on release() and sets it
// to -1; the bench routines guard every write (fd < 0, a state enum switch,
// operator bool, a helper that returns false, while(!closed()), && and ||
// short-circuits). This is correct: no write or second close is reachable on
// a released rig.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

class TensionerRig {
 public:
  enum class Phase { Idle, Tensioning, Released };

  explicit TensionerRig(const char* dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    phase_ = fd_ >= 0 ? Phase::Idle : Phase::Released;
  }
  ~TensionerRig() { release(); }
  TensionerRig(const TensionerRig&) = delete;
  TensionerRig& operator=(const TensionerRig&) = delete;

  int fd() const { return fd_; }
  Phase phase() const { return phase_; }
  bool closed() const { return fd_ < 0; }
  explicit operator bool() const { return fd_ >= 0; }
  void begin_tensioning() {
    if (fd_ >= 0) phase_ = Phase::Tensioning;
  }

  void release() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
    phase_ = Phase::Released;
  }

 private:
  int fd_;
  Phase phase_;
};

static ssize_t send_cmd(int fd, const std::string& cmd) {
  ssize_t n;
  do {
    n = ::write(fd, cmd.data(), cmd.size());
  } while (n < 0 && errno == EINTR);
  return n;
}

bool rig_usable(const TensionerRig& rig) {
  if (rig.closed()) return false;
  return rig.phase() != TensionerRig::Phase::Released;
}

void set_tension(TensionerRig& rig, int newtons) {
  if (rig.fd() < 0) return;
  send_cmd(rig.fd(), "T" + std::to_string(newtons) + "\n");  // OK: fd < 0 guard
}

void step_by_phase(TensionerRig& rig) {
  switch (rig.phase()) {
    case TensionerRig::Phase::Idle:
      send_cmd(rig.fd(), "ARM\n");  // OK: Idle implies an open descriptor
      rig.begin_tensioning();
      break;
    case TensionerRig::Phase::Tensioning:
      send_cmd(rig.fd(), "STEP\n");  // OK: Tensioning implies an open descriptor
      break;
    case TensionerRig::Phase::Released:
      break;
  }
}

void stretch_string(TensionerRig& rig, int target, int max_steps) {
  int steps = 0;
  while (!rig.closed()) {
    send_cmd(rig.fd(), "STEP\n");  // OK: loop condition checks closed()
    if (++steps >= max_steps || steps * 5 >= target) rig.release();
  }
}

void hold(TensionerRig& rig, int seconds) {
  if (!rig_usable(rig)) return;
  send_cmd(rig.fd(), "HOLD " + std::to_string(seconds) + "\n");  // OK: helper returned false when released
}

void snap_check(TensionerRig& rig, bool snapped) {
  if (snapped) rig.release();
  if (rig && !snapped) send_cmd(rig.fd(), "OK\n");  // OK: operator bool checked
  if (snapped || rig.closed()) return;
  send_cmd(rig.fd(), "NEXT\n");  // OK: || guard returned on both conditions
}

void finish_bench(TensionerRig& rig) {
  if (!rig.closed()) send_cmd(rig.fd(), "PARK\n");  // OK: checked
  rig.release();
  rig.release();  // OK: release() returns early once fd is -1
  if (rig.fd() >= 0 && send_cmd(rig.fd(), "X\n") < 0) return;  // OK: && short-circuit on fd >= 0
}
