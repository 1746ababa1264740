// Slurry treatment plant of a slurry-shield tunnel boring machine. The
// separation plant is driven through SeparatorLink (stop() closes the control
// socket; feed/purge after that throw), and every ring produces a fines
// report (std::ofstream) whose finalize() closes it and refuses to run twice.
#include <fstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class SeparatorLink {
public:
  explicit SeparatorLink(int fd) : fd_(fd) {}
  ~SeparatorLink() {
    stop(); // OK
  }
  SeparatorLink(const SeparatorLink &) = delete;
  SeparatorLink &operator=(const SeparatorLink &) = delete;

  bool running() const { return fd_ >= 0; }
  void feed(double m3h) { command("FEED " + std::to_string(m3h)); }
  void purge() { command("PURGE"); }
  double density() {
    command("DENS?");
    char buf[32] = {};
    ssize_t n = ::read(fd_, buf, sizeof buf - 1);
    return n > 0 ? std::stod(buf) : 0.0;
  }
  void stop() {
    if (fd_ < 0)
      return;
    ::close(std::exchange(fd_, -1));
  }
  void restart(int fd) {
    if (fd_ >= 0)
      throw std::logic_error("separator link already running");
    fd_ = fd;
  }

private:
  void command(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("separator link stopped, cannot send " + cmd);
    std::string line = cmd + "\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("separator link write failed");
  }
  int fd_;
};

class FinesReport {
public:
  explicit FinesReport(const std::string &path) : out_(path, std::ios::trunc) {}
  void addSample(double d50um, double finesPct) { out_ << d50um << ',' << finesPct << '\n'; }
  void note(const std::string &text) { out_ << "# " << text << '\n'; }
  void finalize() {
    if (!out_.is_open())
      throw std::logic_error("fines report already finalized");
    out_ << "# end of ring\n";
    out_.close();
  }

private:
  std::ofstream out_;
};

// Trips the plant when the slurry is too dense for the cyclones.
bool densityWithinLimits(SeparatorLink &sep, FinesReport &report) {
  double d = sep.density();
  report.addSample(d, 0.0);
  if (d <= 1.35)
    return true;
  report.note("density trip at " + std::to_string(d));
  sep.stop();
  return false;
}

void recordAbort(FinesReport &report, const std::string &why) {
  report.note("ABORT: " + why);
  report.finalize();
}

void advanceRing(SeparatorLink &sep, FinesReport &report, double flow) {
  if (!densityWithinLimits(sep, report))
    return;
  sep.feed(flow); // OK
}

void excavateStroke(SeparatorLink &sep, FinesReport &report, double flow) {
  densityWithinLimits(sep, report);
  report.addSample(62.0, 18.5);
  sep.feed(flow); // BUG: use-after-close
}

void endOfRing(SeparatorLink &sep, FinesReport &report, bool cycloneBlocked) {
  if (cycloneBlocked)
    recordAbort(report, "cyclone underflow blocked");
  if (sep.running())
    sep.purge(); // OK
  sep.stop();
  report.finalize(); // BUG: double-close
}

void flushCyclones(SeparatorLink &sep, FinesReport &report) {
  report.note("cyclone flush");
  sep.purge(); // SAME: cycloneflush
}

void changeCyclones(SeparatorLink &sep, FinesReport &report) {
  sep.stop();
  report.note("cyclone change, plant isolated");
  flushCyclones(sep, report); // BUG: use-after-close #cycloneflush
}

void resumeAfterTrip(SeparatorLink &sep, int freshFd, double flow) {
  sep.stop();
  sep.restart(freshFd);
  sep.feed(flow * 0.5); // OK
}

int main() {
  SeparatorLink sep(9);
  FinesReport report("/var/tbm/fines_ring_0731.csv");
  advanceRing(sep, report, 1800.0);
  excavateStroke(sep, report, 1850.0);
  resumeAfterTrip(sep, 10, 1800.0);
  endOfRing(sep, report, false);
  return 0;
}
