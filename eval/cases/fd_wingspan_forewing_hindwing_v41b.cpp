// Wing-measurement rig for spread specimens: each specimen gets a forewing and
// a hindwing measurement log, held by WingFd (a move-only descriptor owner).
// stash_wing_log() keeps a log in the session's pending list for the batch
// fsync; archive_wing_log() takes a log by value, writes the measurement and
// lets it go (its destructor closes the descriptor). load_wing_calibration()
// reads the camera's mm-per-pixel factor, falling back to a default table.
// Mistakes: measure_specimen() fstat()s the hindwing descriptor after handing
// the log to archive_wing_log(), which closed it; load_wing_calibration() closes
// the raw descriptor on a short read and then move-assigns the fallback into
// the owner, whose reset() closes the old number a second time.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

class WingFd {
public:
  WingFd() = default;
  explicit WingFd(int fd) : fd_(fd) {}
  WingFd(WingFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  WingFd &operator=(WingFd &&o) noexcept {
    if (this != &o)
      reset(std::exchange(o.fd_, -1));
    return *this;
  }
  WingFd(const WingFd &) = delete;
  WingFd &operator=(const WingFd &) = delete;
  ~WingFd() { reset(); }

  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // SAME: calib
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

struct WingSpan {
  std::string specimen;
  double forewing_mm;
  double hindwing_mm;
};

constexpr off_t kMaxLogBytes = 1 << 20;

static void stash_wing_log(std::vector<WingFd> &pending, WingFd log) { pending.push_back(std::move(log)); }

static long archive_wing_log(WingFd log, const char *which, const WingSpan &m) {
  char line[96];
  int n = std::snprintf(line, sizeof line, "%s %s %.2f\n", m.specimen.c_str(), which,
                        which[0] == 'f' ? m.forewing_mm : m.hindwing_mm);
  return ::write(log.get(), line, static_cast<size_t>(n));
}

int measure_specimen(const std::string &dir, const WingSpan &m, std::vector<WingFd> &pending) {
  WingFd fore(::open((dir + "/forewing.log").c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  WingFd hind(::open((dir + "/hindwing.log").c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (fore.get() < 0 || hind.get() < 0)
    return -1;
  const int fore_raw = fore.get();
  const int hind_raw = hind.get();
  stash_wing_log(pending, std::move(fore));
  archive_wing_log(std::move(hind), "hind", m);
  ::fsync(fore_raw); // OK: stash_wing_log() keeps the descriptor open in `pending`
  struct stat st;
  if (::fstat(hind_raw, &st) == 0 && st.st_size > kMaxLogBytes) // BUG: use-after-close
    std::fprintf(stderr, "%s: hindwing log needs rotating\n", dir.c_str());
  return 0;
}

static bool read_factor(int fd, double *out) {
  char buf[32];
  ssize_t n;
  do {
    n = ::read(fd, buf, sizeof buf - 1);
  } while (n < 0 && errno == EINTR);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  *out = std::atof(buf);
  return true;
}

int load_wing_calibration(const char *path, double *mm_per_px) {
  WingFd cal(::open(path, O_RDONLY | O_CLOEXEC));
  if (cal.get() >= 0 && read_factor(cal.get(), mm_per_px))
    return 0;
  if (cal.get() >= 0)
    ::close(cal.get()); // give the camera daemon its table back before we read ours
  cal = WingFd(::open("/etc/wingrig/default.cal", O_RDONLY | O_CLOEXEC)); // BUG: double-close #calib
  return cal.get() >= 0 && read_factor(cal.get(), mm_per_px) ? 1 : -1;
}

int load_lens_table(const char *path, const char *fallback, double *k) {
  WingFd lens(::open(path, O_RDONLY | O_CLOEXEC));
  if (lens.get() >= 0 && read_factor(lens.get(), k))
    return 0;
  lens = WingFd(::open(fallback, O_RDONLY | O_CLOEXEC)); // OK: the assignment closes the first table once
  if (lens.get() < 0)
    return -1;
  int raw = lens.release();
  bool ok = read_factor(raw, k);
  ::close(raw); // OK: release() gave up ownership first
  return ok ? 1 : -1;
}

int flush_pending(std::vector<WingFd> &pending) {
  int failed = 0;
  for (WingFd &log : pending)
    if (::fsync(log.get()) != 0)
      ++failed;
  pending.clear();
  return failed;
}
