// Tortilleria line: corn is cooked in lime (nixtamal), ground to masa and baked
// on a gas griddle. Descriptors are owned by RAII types: UniqueFd closes in its
// destructor, batch sheets are unique_ptr<FILE, FileCloser>, and ScopeExit runs a
// cleanup lambda at the end of a scope.
// Two mistakes: attach_thermo() keeps only the raw number of a descriptor owned
// by a local UniqueFd, so read_griddle_temp() reads a descriptor closed when
// attach_thermo() returned; grind_batch() writes the grinder's stop command
// after the block whose UniqueFd owned that descriptor has ended.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  ~UniqueFd() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  int get() const { return fd_; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_;
};

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() { f_(); }

private:
  F f_;
};

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using BatchSheet = std::unique_ptr<FILE, FileCloser>;

class GriddleStation {
public:
  GriddleStation() = default;
  GriddleStation(const GriddleStation &) = delete;
  GriddleStation &operator=(const GriddleStation &) = delete;
  int attach_thermo(const char *dev) {
    UniqueFd fd(::open(dev, O_RDONLY | O_NOCTTY));
    if (!fd)
      return -1;
    thermo_fd_ = fd.get();
    return 0;
  }
  int attach_burner(const char *dev) {
    UniqueFd fd(::open(dev, O_RDWR | O_NOCTTY));
    if (!fd)
      return -1;
    burner_fd_ = fd.release();
    return 0;
  }
  double read_griddle_temp() {
    char buf[16] = {0};
    if (::read(thermo_fd_, buf, sizeof buf - 1) <= 0) // BUG: use-after-close
      return -1.0;
    return std::atof(buf);
  }
  void flame(int level) {
    if (burner_fd_ < 0)
      return;
    dprintf(burner_fd_, "FLAME %d\n", level); // OK: ownership was released to the station
  }
  ~GriddleStation() {
    if (burner_fd_ >= 0)
      ::close(burner_fd_);
  }

private:
  int thermo_fd_ = -1;
  int burner_fd_ = -1;
};

int grind_batch(const char *grinder_dev, int kilos) {
  int raw = -1;
  {
    UniqueFd grinder(::open(grinder_dev, O_WRONLY | O_NOCTTY));
    if (!grinder)
      return -1;
    raw = grinder.get();
    dprintf(raw, "GRIND %d\n", kilos); // OK: the guard is still in scope
  }
  dprintf(raw, "STOP\n"); // BUG: use-after-close
  return 0;
}

int log_batches(const std::string &day, int batches) {
  BatchSheet sheet(std::fopen(("masa-" + day + "-a.txt").c_str(), "w"));
  if (!sheet)
    return -1;
  std::fprintf(sheet.get(), "first half: %d batches\n", batches / 2);
  sheet.reset(std::fopen(("masa-" + day + "-b.txt").c_str(), "w"));
  if (!sheet)
    return -1;
  std::fprintf(sheet.get(), "second half: %d batches\n", batches - batches / 2); // OK: reset() installed a new file
  return 0;
}

int soak_nixtamal(const char *valve_dev, int minutes) {
  int valve = ::open(valve_dev, O_WRONLY | O_NOCTTY);
  if (valve < 0)
    return -1;
  ScopeExit close_valve([valve] { ::close(valve); });
  dprintf(valve, "OPEN\n");
  dprintf(valve, "SOAK %d\n", minutes); // OK: closed only when the scope ends
  return 0;
}

int run_line(const std::string &day) {
  GriddleStation g;
  if (g.attach_burner("/dev/ttyBURNER") == 0)
    g.flame(3);
  soak_nixtamal("/dev/ttyVALVE", 720);
  grind_batch("/dev/ttyGRINDER", 40);
  log_batches(day, 12);
  if (g.attach_thermo("/dev/ttyTHERMO") != 0)
    return 1;
  return g.read_griddle_temp() > 260.0 ? 0 : 2;
}
