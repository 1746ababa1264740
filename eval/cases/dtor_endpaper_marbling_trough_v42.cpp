// Endpaper marbling station of a hand bindery. Every sheet pulled off the size
// trough is logged with its pattern and bath temperature. Pull logs are held
// by std::unique_ptr with a closing deleter and the trough keeps a raw FILE*
// view for logPull(); the bath heater is a serial device whose fd is closed
// by a scope guard on every early return of attachHeater().
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

struct PullLogCloser {
  void operator()(FILE *fp) const {
    if (fp)
      std::fclose(fp);
  }
};
using PullLog = std::unique_ptr<FILE, PullLogCloser>;

static PullLog openPullLog(const std::string &path) {
  return PullLog(std::fopen(path.c_str(), "a"));
}

struct MarbledSheet {
  std::string pattern; // "nonpareil", "Turkish", "Spanish wave"
  double bathCelsius;
};

class FdGuard {
public:
  explicit FdGuard(int &fd) : fd_(fd) {}
  FdGuard(const FdGuard &) = delete;
  FdGuard &operator=(const FdGuard &) = delete;
  ~FdGuard() {
    if (armed_ && fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  void dismiss() { armed_ = false; }

private:
  int &fd_;
  bool armed_ = true;
};

class MarblingTrough {
public:
  MarblingTrough() = default;
  MarblingTrough(const MarblingTrough &) = delete;
  MarblingTrough &operator=(const MarblingTrough &) = delete;
  ~MarblingTrough() {
    if (heaterFd_ >= 0)
      ::close(heaterFd_);
  }

  bool beginEdition(const std::string &logPath);
  bool beginProofs(const std::string &logPath);
  void logPull(const MarbledSheet &s);
  bool attachHeater(const char *tty);
  void setHeater(double celsius);

private:
  PullLog owned_;
  FILE *pulls_ = nullptr;
  int heaterFd_ = -1;
  int sheets_ = 0;
};

bool MarblingTrough::beginEdition(const std::string &logPath) {
  PullLog log(std::fopen(logPath.c_str(), "a"));
  if (!log)
    return false;
  std::fprintf(log.get(), "edition run\n");
  pulls_ = log.get();
  sheets_ = 0;
  return true;
}

bool MarblingTrough::beginProofs(const std::string &logPath) {
  PullLog log(std::fopen(logPath.c_str(), "a"));
  if (!log)
    return false;
  std::fprintf(log.get(), "proof run\n");
  owned_ = std::move(log);
  pulls_ = owned_.get();
  sheets_ = 0;
  return true;
}

void MarblingTrough::logPull(const MarbledSheet &s) {
  ++sheets_;
  std::fprintf(pulls_, "%d %s %.1fC\n", sheets_, s.pattern.c_str(), s.bathCelsius); // SAME: edition-log
}

bool MarblingTrough::attachHeater(const char *tty) {
  int fd = ::open(tty, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return false;
  FdGuard guard(fd);
  if (::write(fd, "ID?\n", 4) != 4)
    return false;
  char reply[16] = {};
  if (::read(fd, reply, sizeof reply - 1) <= 0 || reply[0] != 'H')
    return false;
  guard.dismiss();
  heaterFd_ = fd;
  return true;
}

void MarblingTrough::setHeater(double celsius) {
  if (heaterFd_ < 0)
    return;
  char cmd[32];
  int n = std::snprintf(cmd, sizeof cmd, "SET %.1f\n", celsius);
  if (::write(heaterFd_, cmd, n) != n)
    std::perror("trough heater");
}

void marbleEdition(MarblingTrough &trough, const std::vector<MarbledSheet> &run) {
  if (trough.attachHeater("/dev/ttyUSB2"))
    trough.setHeater(21.5); // OK: the guard was dismissed on success
  if (!trough.beginEdition("/var/bindery/marbling/edition.log"))
    return;
  for (const MarbledSheet &s : run)
    trough.logPull(s); // BUG: use-after-close #edition-log
}

void marbleProofs(MarblingTrough &trough, const MarbledSheet &proof) {
  if (!trough.beginProofs("/var/bindery/marbling/proofs.log"))
    return;
  trough.logPull(proof); // OK: the log now belongs to the trough's owned_
}

static void shelveLog(PullLog log, const std::string &shelfMark) {
  std::fprintf(log.get(), "shelved as %s\n", shelfMark.c_str());
}

void noteBathChange(const std::string &logPath, double fromC, double toC) {
  PullLog log = openPullLog(logPath);
  if (!log)
    return;
  FILE *view = log.get();
  std::fprintf(view, "bath %.1fC -> %.1fC\n", fromC, toC);
  shelveLog(std::move(log), "bath-" + std::to_string(static_cast<int>(toC)));
  std::fflush(view); // BUG: use-after-close
}
