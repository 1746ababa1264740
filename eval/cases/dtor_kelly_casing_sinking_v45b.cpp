// Bored-pile rig instrumentation: the kelly bar depth encoder and the casing
// oscillator are serial devices opened per query through a small RAII
// descriptor (ScopedFd), and the casing-sinking log is appended through an
// RAII stdio wrapper (SinkingSheet). Both close in their destructors, so a
// temporary of either type closes at the end of the full-expression that
// created it; a temporary bound to a const reference lives as long as the
// reference.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>

class ScopedFd {
public:
  explicit ScopedFd(int fd) : fd_(fd) {}
  ScopedFd(const ScopedFd &) = delete;
  ScopedFd &operator=(const ScopedFd &) = delete;
  ~ScopedFd() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  int get() const { return fd_; }

private:
  int fd_;
};

class SinkingSheet {
public:
  explicit SinkingSheet(const std::string &path) : f_(std::fopen(path.c_str(), "a")) {}
  SinkingSheet(const SinkingSheet &) = delete;
  SinkingSheet &operator=(const SinkingSheet &) = delete;
  ~SinkingSheet() {
    if (f_)
      std::fclose(f_);
  }
  FILE *file() const { return f_ ? f_ : stderr; }

private:
  FILE *f_;
};

static const char kKellyDev[] = "/dev/ttyKELLY0";
static const char kOscillatorDev[] = "/dev/ttyOSC0";
static const char kSheet[] = "casing-sinking.log";

double kellyDepthMetres() {
  int encoder = ScopedFd(::open(kKellyDev, O_RDONLY | O_NOCTTY | O_CLOEXEC)).get();
  char reply[32] = {};
  if (::read(encoder, reply, sizeof reply - 1) <= 0) // BUG: use-after-close
    return -1.0;
  return std::atof(reply);
}

bool nudgeOscillator(int strokeMm) {
  char cmd[24];
  int len = std::snprintf(cmd, sizeof cmd, "OSC %d\r", strokeMm);
  return ::write(ScopedFd(::open(kOscillatorDev, O_WRONLY | O_NOCTTY | O_CLOEXEC)).get(), cmd, len) == len; // OK: same full-expression
}

double oscillatorTorque() {
  const ScopedFd &osc = ScopedFd(::open(kOscillatorDev, O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (osc.get() < 0)
    return -1.0;
  char reply[32] = {};
  if (::write(osc.get(), "T?\r", 3) != 3) // OK: temporary lives as long as the reference
    return -1.0;
  if (::read(osc.get(), reply, sizeof reply - 1) <= 0)
    return -1.0;
  return std::atof(reply);
}

class TorqueSampler {
public:
  explicit TorqueSampler(int fd) : fd_(fd) {}
  bool sample(double &torque) {
    char reply[32] = {};
    if (::read(fd_, reply, sizeof reply - 1) <= 0) // SAME: heldraw
      return false;
    torque = std::atof(reply);
    return true;
  }

private:
  int fd_;
};

double peakTorque(int samples) {
  TorqueSampler sampler(ScopedFd(::open(kOscillatorDev, O_RDONLY | O_NOCTTY | O_CLOEXEC)).get());
  double peak = 0.0, t = 0.0;
  for (int i = 0; i < samples; ++i)
    if (sampler.sample(t) && t > peak) // BUG: use-after-close #heldraw
      peak = t;
  return peak;
}

void logSinking(double depth, double torque) {
  std::fprintf(SinkingSheet(kSheet).file(), "depth=%.2f torque=%.1f\n", depth, torque); // OK: same full-expression
}

void logCasingJoint(int joint, double depth) {
  FILE *sheet = SinkingSheet(kSheet).file();
  std::fprintf(sheet, "casing joint %d made up at %.2f m\n", joint, depth); // BUG: use-after-close
}

int main() {
  double depth = kellyDepthMetres();
  double torque = oscillatorTorque();
  if (peakTorque(10) > 1200.0)
    std::fputs("oscillator torque peak over limit\n", stderr);
  if (torque > 900.0)
    nudgeOscillator(40);
  logSinking(depth, torque);
  logCasingJoint(3, depth);
  return depth < 0 ? 1 : 0;
}
