// Cutterhead maintenance for a tunnel boring machine: worn disc cutters and
// scrapers are swapped by the changer arm (driven over a serial port fd), and
// every swap is written to a wear log (FILE*). Both wrappers close their
// handle in the destructor; the shift report and the spare-parts export run
// around those scopes.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class CutterWearLog {
public:
  explicit CutterWearLog(const char *path) : fp_(std::fopen(path, "a")) {}
  explicit CutterWearLog(FILE *adopted) : fp_(adopted) {}
  ~CutterWearLog() {
    if (fp_)
      std::fclose(fp_); // OK
  }
  CutterWearLog(const CutterWearLog &) = delete;
  CutterWearLog &operator=(const CutterWearLog &) = delete;

  bool ok() const { return fp_ != nullptr; }
  FILE *stream() const { return fp_; }
  void record(int slot, double wearMm) {
    if (fp_)
      std::fprintf(fp_, "slot=%d wear=%.2fmm\n", slot, wearMm);
  }
  // Closed early when the shift hands over, so write errors surface here.
  bool close() {
    if (!fp_)
      return true;
    bool flushed = std::fclose(fp_) == 0;
    fp_ = nullptr;
    return flushed;
  }

private:
  FILE *fp_;
};

class ChangerArmPort {
public:
  explicit ChangerArmPort(const char *dev)
      : fd_(::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC)) {}
  ~ChangerArmPort() {
    if (fd_ >= 0)
      ::close(fd_); // OK
  }
  ChangerArmPort(const ChangerArmPort &) = delete;
  ChangerArmPort &operator=(const ChangerArmPort &) = delete;

  int fd() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  bool command(const std::string &cmd) {
    return fd_ >= 0 &&
           ::write(fd_, cmd.data(), cmd.size()) == ssize_t(cmd.size());
  }

private:
  int fd_;
};

struct ShiftReport {
  FILE *out = nullptr;
  int cuttersChanged = 0;
};

ShiftReport changeWornCutters(ChangerArmPort &arm,
                              const std::vector<double> &wearMm) {
  ShiftReport report;
  {
    CutterWearLog log("/var/log/tbm/cutter_wear.log");
    if (!log.ok())
      return report;
    report.out = log.stream();
    for (size_t slot = 0; slot < wearMm.size(); ++slot) {
      if (wearMm[slot] < 15.0)
        continue;
      if (!arm.command("SWAP " + std::to_string(slot) + "\n"))
        break;
      log.record(int(slot), wearMm[slot]);
      ++report.cuttersChanged;
    }
  }
  std::fprintf(report.out, "shift total: %d cutters\n", report.cuttersChanged); // BUG: use-after-close
  return report;
}

bool exportScraperSpares(const char *path, const std::vector<int> &spares) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return false;
  {
    CutterWearLog sheet(out);
    for (size_t row = 0; row < spares.size(); ++row)
      sheet.record(int(row), double(spares[row]));
  }
  return std::fclose(out) == 0; // BUG: double-close
}

bool handOverShift(CutterWearLog &log, ChangerArmPort &arm) {
  arm.command("PARK\n");
  return log.close();
}

// Lock-out: the maintenance crew takes the raw port for the isolation
// procedure; the wrapper no longer owns it.
void lockOutChanger(const char *dev) {
  ChangerArmPort arm(dev);
  if (arm.fd() < 0)
    return;
  arm.command("LOCKOUT\n");
  int raw = arm.release();
  ::fsync(raw);
  ::close(raw); // OK
}

int main() {
  ChangerArmPort arm("/dev/ttyS3");
  CutterWearLog log("/var/log/tbm/handover.log");
  ShiftReport r = changeWornCutters(arm, {3.5, 16.2, 18.0, 9.1});
  (void)r;
  exportScraperSpares("/var/lib/tbm/spares.csv", {4, 0, 12});
  handOverShift(log, arm);
  lockOutChanger("/dev/ttyS4");
  return 0;
}
