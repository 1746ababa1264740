// Gangsaw control for a marble works. A CoolantSpigotValve drives the coolant
// spigots over a serial descriptor it owns and closes in its destructor; the saw
// head hands it a dup() of its own serial line. The jam-clearing routine opens
// the pump-room line itself and passes it to a valve for the flush. Cut reports
// are FILE*s owned by a unique_ptr with an fclose deleter until they are handed
// over with release(); the block reporter opens one report per block.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>

namespace {
constexpr int kFlushFlowLpm = 140;

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using ReportFile = std::unique_ptr<FILE, FileCloser>;
} // namespace

class CoolantSpigotValve {
public:
  explicit CoolantSpigotValve(int fd) : fd_(fd) {}
  ~CoolantSpigotValve() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  CoolantSpigotValve(const CoolantSpigotValve &) = delete;
  CoolantSpigotValve &operator=(const CoolantSpigotValve &) = delete;

  bool setFlow(int litresPerMin) {
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "FLOW %d\r", litresPerMin);
    return ::write(fd_, cmd, static_cast<size_t>(n)) == n;
  }

private:
  int fd_;
};

class GangsawHead {
public:
  explicit GangsawHead(const char *tty) : serial_(::open(tty, O_RDWR | O_NOCTTY)) {
    if (serial_ < 0)
      throw std::system_error(errno, std::generic_category(), "open gangsaw serial");
  }
  ~GangsawHead() { ::close(serial_); }
  GangsawHead(const GangsawHead &) = delete;
  GangsawHead &operator=(const GangsawHead &) = delete;

  void sendStrokeRate(int strokesPerMin) {
    char cmd[32];
    int n = std::snprintf(cmd, sizeof cmd, "SPM %d\r", strokesPerMin);
    if (::write(serial_, cmd, static_cast<size_t>(n)) != n)
      throw std::runtime_error("gangsaw head rejected stroke rate");
  }

  void startCut(int strokesPerMin, int flowLpm) {
    {
      CoolantSpigotValve valve(::dup(serial_));
      if (!valve.setFlow(flowLpm))
        throw std::runtime_error("coolant spigots did not answer");
    }
    sendStrokeRate(strokesPerMin); // OK
  }

private:
  int serial_;
};

void clearJam(const char *pumpRoomTty) {
  int line = ::open(pumpRoomTty, O_RDWR | O_NOCTTY);
  if (line < 0)
    return;
  {
    CoolantSpigotValve valve(line);
    valve.setFlow(kFlushFlowLpm);
  }
  static const char ack[] = "JAM CLEARED\r";
  ::write(line, ack, sizeof ack - 1); // BUG: use-after-close
}

void primeSpigots(const char *pumpRoomTty) {
  int line = ::open(pumpRoomTty, O_RDWR | O_NOCTTY);
  if (line < 0)
    return;
  {
    CoolantSpigotValve valve(::dup(line));
    valve.setFlow(20);
  }
  static const char ack[] = "PRIMED\r";
  ::write(line, ack, sizeof ack - 1); // OK
  ::close(line); // OK
}

// Hands the caller an open report with its header written, or nullptr.
FILE *openCutReport(const std::string &path) {
  ReportFile report(std::fopen(path.c_str(), "w"));
  if (!report)
    return nullptr;
  if (std::fputs("block,stroke,flow_lpm\n", report.get()) < 0)
    return nullptr;
  return report.release();
}

class BlockReporter {
public:
  void beginBlock(const std::string &path) {
    ReportFile report(std::fopen(path.c_str(), "w"));
    if (!report)
      throw std::runtime_error("cannot open block report " + path);
    std::fputs("stroke,flow_lpm\n", report.get());
    sink_ = report.get();
  }
  void logStroke(int stroke, int flowLpm) {
    std::fprintf(sink_, "%d,%d\n", stroke, flowLpm); // SAME: block-report
  }

private:
  FILE *sink_ = nullptr;
};

int main() {
  GangsawHead head("/dev/ttyS1");
  head.startCut(62, 90);
  primeSpigots("/dev/ttyS2");

  if (FILE *report = openCutReport("/srv/gangsaw/cut-0412.csv")) {
    std::fprintf(report, "0412,62,90\n"); // OK
    std::fclose(report);
  }

  BlockReporter blocks;
  blocks.beginBlock("/srv/gangsaw/block-0412.csv");
  blocks.logStroke(1, 90); // BUG: use-after-close #block-report

  clearJam("/dev/ttyS2");
}
