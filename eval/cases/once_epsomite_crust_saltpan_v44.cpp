// Salt pan harvest at a solar salt works: the harvester breaks the halite
// crust strip by strip, the epsomite drain logs levels until the pan is dry,
// and the washer cleans the pans afterwards. Pan telemetry can be shut down
// both by the tide alarm thread and by the harvest run (closed_.exchange
// decides who closes); the crust report closes once behind an atomic_flag.
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class PanTelemetry {
public:
  explicit PanTelemetry(int fd) : fd_(fd) {}
  ~PanTelemetry() { shutdown(); }
  void send(const std::string &msg) { ::write(fd_, msg.data(), msg.size()); }
  void shutdown() {
    if (closed_.exchange(true))
      return;
    ::close(fd_); // OK
  }

private:
  int fd_;
  std::atomic<bool> closed_{false};
};

class CrustReport {
public:
  explicit CrustReport(const char *path) : fp_(std::fopen(path, "w")) {}
  ~CrustReport() { finish(); }
  bool ok() const { return fp_ != nullptr; }
  void strip(int n, double mm) { std::fprintf(fp_, "strip %d crust %.0f mm\n", n, mm); }
  void finish() {
    if (done_.test_and_set() || !fp_)
      return;
    std::fclose(fp_); // OK
  }

private:
  FILE *fp_;
  std::atomic_flag done_ = ATOMIC_FLAG_INIT;
};

void breakCrust(int harvesterFd, CrustReport &report, const std::vector<double> &crustMm) {
  for (size_t s = 0; s < crustMm.size(); ++s) {
    dprintf(harvesterFd, "BREAK %zu\n", s); // OK
    report.strip(int(s), crustMm[s]);
    if (s + 1 == crustMm.size())
      ::close(harvesterFd); // OK
  }
  report.finish();
}

void drainEpsomite(FILE *drainLog, const std::vector<double> &levelsM) {
  for (double level : levelsM) {
    std::fprintf(drainLog, "level %.2f m\n", level); // OK
    if (level < 0.05) {
      std::fclose(drainLog);
      break;
    }
  }
}

void drainBittern(FILE *drainLog, const std::vector<double> &levelsM) {
  for (double level : levelsM) {
    if (level < 0.05)
      std::fclose(drainLog); // BUG: double-close
  }
}

void washPans(int washerFd, const std::vector<int> &pans) {
  for (int pan : pans) {
    dprintf(washerFd, "WASH %d\n", pan); // BUG: use-after-close
    ::close(washerFd); // BUG: double-close
  }
}

void harvestRun(PanTelemetry &telemetry, int harvesterFd, const std::vector<double> &crustMm) {
  telemetry.send("HARVEST START\n");
  std::thread tideAlarm([&telemetry] { telemetry.shutdown(); });
  CrustReport report("/var/saltworks/crust.txt");
  if (report.ok())
    breakCrust(harvesterFd, report, crustMm);
  telemetry.shutdown();
  tideAlarm.join();
}
