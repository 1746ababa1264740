// Pinball arcade: each table's flipper and kicker solenoids are driven through
// a character device, and every table keeps an audit log (stdio, owned by a
// unique_ptr with an fclose deleter). A table object owns both; the coil
// driver writes a last line to the audit log when it is torn down. The
// nightly self-test pulses every coil once with the device held by a scope
// guard, and the weekly high-score sheet is written inside its own block.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

struct FcloseDeleter {
  void operator()(std::FILE *f) const { std::fclose(f); }
};
using AuditLog = std::unique_ptr<std::FILE, FcloseDeleter>;

template <typename Fn> class ScopeExit {
public:
  explicit ScopeExit(Fn fn) : fn_(std::move(fn)) {}
  ~ScopeExit() { fn_(); }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  Fn fn_;
};

class CoilDriver {
public:
  CoilDriver(const std::string &dev, std::FILE *audit)
      : fd_(::open(dev.c_str(), O_WRONLY | O_CLOEXEC)), audit_(audit) {}
  ~CoilDriver() {
    if (fd_ >= 0)
      ::close(fd_);
    if (audit_ != nullptr)
      std::fputs("coils disarmed\n", audit_); // OK: the table declares its log before its driver
  }
  CoilDriver(const CoilDriver &) = delete;
  CoilDriver &operator=(const CoilDriver &) = delete;

  bool pulse(unsigned char coil) { return fd_ >= 0 && ::write(fd_, &coil, 1) == 1; }

private:
  int fd_;
  std::FILE *audit_;
};

class PinballTable {
public:
  PinballTable(const std::string &dev, const std::string &auditPath)
      : log_(std::fopen(auditPath.c_str(), "a")), coils_(dev, log_.get()) {}

  void flipper(bool left) { coils_.pulse(left ? 0 : 1); }

  void gameOver(int score) {
    if (log_)
      std::fprintf(log_.get(), "game over: %d\n", score);
  }

private:
  AuditLog log_;
  CoilDriver coils_;
};

bool nightlySelfTest(const std::string &dev, std::FILE *report) {
  int fd = ::open(dev.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  ScopeExit release([fd] {
    ::close(fd); // BUG: double-close
  });
  for (unsigned char coil = 0; coil < 6; ++coil) {
    if (::write(fd, &coil, 1) != 1) { // OK: the guard closes only when the scope ends
      std::fprintf(report, "coil %d stuck\n", coil);
      return false;
    }
  }
  std::fputs("all coils pulsed\n", report);
  ::close(fd);
  return true;
}

void weeklyHighScores(const std::string &path, const std::vector<int> &scores) {
  std::FILE *sheet = nullptr;
  {
    AuditLog out(std::fopen(path.c_str(), "w"));
    if (!out)
      return;
    sheet = out.get();
    for (int s : scores)
      std::fprintf(sheet, "%d\n", s); // OK: out is still in scope
  }
  std::fputs("-- end of week --\n", sheet); // BUG: use-after-close
}

void openingHours(const std::string &dev, const std::string &auditPath) {
  PinballTable table(dev, auditPath);
  table.flipper(true);
  table.flipper(false);
  table.gameOver(1250400);
}
