// A couscous workshop rolls semolina with salted water in a drum roller that
// is driven over a serial line, and writes a batch report per drum. Closing is
// done by RAII: FdGuard closes the roller descriptor and a unique_ptr with an
// fclose deleter owns the report. Bugs: run_drum() lets the raw descriptor
// outlive its guard's scope and then sends the "dry" command on it; write_report()
// keeps the raw FILE* after reset(); and rinse() closes the descriptor by hand
// after an inner guard already closed it. release() hand-offs and uses inside
// the guard's scope are correct.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>

class FdGuard {
 public:
  explicit FdGuard(int fd) : fd_(fd) {}
  ~FdGuard() {
    if (fd_ >= 0) ::close(fd_);
  }
  FdGuard(const FdGuard&) = delete;
  FdGuard& operator=(const FdGuard&) = delete;
  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

struct FileCloser {
  void operator()(FILE* f) const {
    if (f) std::fclose(f);
  }
};
using ReportFile = std::unique_ptr<FILE, FileCloser>;

static bool command(int fd, const char* cmd) {
  return ::write(fd, cmd, std::char_traits<char>::length(cmd)) > 0;  // SAME: dry
}

bool run_drum(const char* dev, int minutes) {
  int fd = -1;
  {
    FdGuard roller(::open(dev, O_RDWR | O_NOCTTY));
    fd = roller.get();
    if (fd < 0) return false;
    for (int m = 0; m < minutes; ++m) command(fd, "ROLL 30\n");  // OK: guard still in scope
  }
  return command(fd, "DRY 5\n");  // BUG: use-after-close #dry
}

bool run_drum_handoff(const char* dev, int* out_fd) {
  FdGuard roller(::open(dev, O_RDWR | O_NOCTTY));
  if (roller.get() < 0) return false;
  command(roller.get(), "ROLL 30\n");  // OK
  *out_fd = roller.release();
  return command(*out_fd, "DRY 5\n");  // OK: released, the guard no longer closes it
}

void write_report(const std::string& path, int batch, double kg) {
  ReportFile report(std::fopen(path.c_str(), "w"));
  if (!report) return;
  FILE* raw = report.get();
  std::fprintf(raw, "batch %d\n", batch);  // OK: owner still holds it
  report.reset();
  std::fprintf(raw, "yield %.2f kg\n", kg);  // BUG: use-after-close
}

int write_report_handoff(const std::string& path, int batch) {
  ReportFile report(std::fopen(path.c_str(), "w"));
  if (!report) return -1;
  std::fprintf(report.get(), "batch %d\n", batch);  // OK
  FILE* f = report.release();
  std::fprintf(f, "end\n");  // OK: released before any close
  return std::fclose(f);  // OK: the unique_ptr no longer owns it
}

void rinse(const char* dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0) return;
  {
    FdGuard g(fd);
    command(g.get(), "RINSE\n");  // OK
  }
  ::close(fd);  // BUG: double-close
}

void rinse_twice(const char* dev) {
  for (int pass = 0; pass < 2; ++pass) {
    FdGuard g(::open(dev, O_RDWR | O_NOCTTY));
    if (g.get() < 0) continue;
    command(g.get(), "RINSE\n");  // OK: a fresh descriptor in every iteration
  }
}
