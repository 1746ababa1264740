// Cigar factory rolling room: the torcedores' wrapper-leaf lots are logged to a
// LeafLog (owns a FILE*, closes it in its destructor, movable), the humidor
// hygrometers are HumidorFd descriptors (close in the destructor, movable), and
// open_hygrometer() uses a ScopeGuard that closes the descriptor unless dismissed.
// Correct code: every use happens while the owning object is alive, or on the
// object the handle was moved into; moved-from owners hold nothing and close
// nothing; the guard is dismissed before the descriptor is handed out; the sheet
// released from its unique_ptr is closed exactly once, by hand.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class LeafLog {
public:
  explicit LeafLog(const std::string &path) : fp_(std::fopen(path.c_str(), "a")) {}
  LeafLog(LeafLog &&o) noexcept : fp_(std::exchange(o.fp_, nullptr)) {}
  LeafLog(const LeafLog &) = delete;
  LeafLog &operator=(const LeafLog &) = delete;
  ~LeafLog() {
    if (fp_)
      std::fclose(fp_);
  }
  bool ok() const { return fp_ != nullptr; }
  void lot(const std::string &leaf, int bales) {
    if (fp_)
      std::fprintf(fp_, "%s %d\n", leaf.c_str(), bales); // OK: moved-from logs hold nullptr
  }

private:
  FILE *fp_;
};

class HumidorFd {
public:
  explicit HumidorFd(int fd) : fd_(fd) {}
  HumidorFd(HumidorFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  HumidorFd(const HumidorFd &) = delete;
  HumidorFd &operator=(const HumidorFd &) = delete;
  ~HumidorFd() {
    if (fd_ >= 0)
      ::close(fd_); // OK: moved-from objects hold -1
  }
  int get() const { return fd_; }

private:
  int fd_;
};

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> f) : f_(std::move(f)) {}
  ~ScopeGuard() {
    if (armed_)
      f_();
  }
  void dismiss() { armed_ = false; }

private:
  std::function<void()> f_;
  bool armed_ = true;
};

static LeafLog open_lot_log(const std::string &day) {
  LeafLog log("leaf-lots-" + day + ".txt");
  log.lot("# opened", 0);
  return log;
}

static int open_hygrometer(const char *dev) {
  int fd = ::open(dev, O_RDWR | O_NOCTTY);
  if (fd < 0)
    return -1;
  ScopeGuard close_on_error([fd] { ::close(fd); });
  if (::write(fd, "RH?\n", 4) != 4)
    return -1;
  close_on_error.dismiss();
  return fd;
}

struct SheetCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

static int print_bundle_sheet(const std::string &vitola, int cigars) {
  std::unique_ptr<FILE, SheetCloser> sheet(std::fopen(("bundle-" + vitola + ".txt").c_str(), "w"));
  if (!sheet)
    return -1;
  std::fprintf(sheet.get(), "vitola %s\n", vitola.c_str());
  FILE *raw = sheet.release();
  std::fprintf(raw, "%d cigars, 50 per bundle\n", cigars); // OK: released, the deleter will not run
  return std::fclose(raw); // OK: the only close of this FILE
}

int rolling_day(const std::string &day, const std::vector<std::string> &hygrometers) {
  LeafLog log = open_lot_log(day);
  log.lot("Connecticut shade wrapper", 3); // OK: the log was moved out of open_lot_log
  std::vector<HumidorFd> sensors;
  for (const auto &dev : hygrometers) {
    int fd = open_hygrometer(dev.c_str());
    if (fd < 0)
      continue;
    HumidorFd owner(fd);
    sensors.push_back(std::move(owner));
    ::write(sensors.back().get(), "LOG ON\n", 7); // OK: the vector element owns it now
  }
  {
    HumidorFd door(::open("/dev/ttyHUMIDORDOOR", O_WRONLY | O_NOCTTY));
    if (door.get() >= 0)
      ::write(door.get(), "SEAL\n", 5); // OK: inside the owner's scope
  }
  for (const auto &s : sensors)
    ::write(s.get(), "LOG OFF\n", 8); // OK: the sensors are still owned by the vector
  LeafLog moved = std::move(log);
  moved.lot("Sumatra binder", 2);
  log.lot("never written", 0); // OK: moved-from log is empty and lot() checks it
  return print_bundle_sheet("robusto", 250);
}
