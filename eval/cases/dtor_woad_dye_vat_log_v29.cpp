// Woad dye house: a fermentation vat monitor reads the pH/redox probe on a serial line
// every few minutes, appends readings to the vat log and rotates the log when the vat
// is re-charged. Descriptors are owned by a small UniqueFd wrapper; the probe is
// calibrated by a helper before the monitor starts polling.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <optional>
#include <string>
#include <unistd.h>
#include <utility>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o)
      reset(o.release());
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // SAME: rotate
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

static std::optional<UniqueFd> calibrate(UniqueFd probe, double buffer_ph) {
  char cmd[32];
  int n = std::snprintf(cmd, sizeof cmd, "CAL %.2f\r", buffer_ph);
  if (::write(probe.get(), cmd, static_cast<size_t>(n)) != n)
    return std::nullopt;
  char reply[16] = {};
  if (::read(probe.get(), reply, sizeof reply - 1) <= 0 || reply[0] != 'K')
    return std::nullopt;
  return probe;
}

class VatMonitor {
public:
  bool start(const char *probe_dev, const std::string &log_dir, int vat_no);
  bool poll();
  void recharge(int charge_no);

private:
  std::string log_path(int charge_no) const {
    return log_dir_ + "/vat" + std::to_string(vat_no_) + "-charge" + std::to_string(charge_no) + ".log";
  }
  UniqueFd probe_;
  UniqueFd log_;
  std::string log_dir_;
  int vat_no_ = 0;
};

bool VatMonitor::start(const char *probe_dev, const std::string &log_dir, int vat_no) {
  log_dir_ = log_dir;
  vat_no_ = vat_no;
  UniqueFd probe(::open(probe_dev, O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!probe)
    return false;
  std::optional<UniqueFd> calibrated = calibrate(std::move(probe), 7.0);
  if (!calibrated)
    return false;
  probe_ = std::move(*calibrated);
  log_ = UniqueFd(::open(log_path(1).c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644));
  return ::write(probe_.get(), "MODE PH\r", 8) == 8; // OK
}

bool VatMonitor::poll() {
  if (::write(probe_.get(), "READ\r", 5) != 5)
    return false;
  char buf[32] = {};
  ssize_t n = ::read(probe_.get(), buf, sizeof buf - 1);
  if (n <= 0)
    return false;
  const double ph = std::strtod(buf, nullptr);
  char line[48];
  int len = std::snprintf(line, sizeof line, "ph %.2f\n", ph);
  return ::write(log_.get(), line, static_cast<size_t>(len)) == len;
}

void VatMonitor::recharge(int charge_no) {
  ::fsync(log_.get());
  ::close(log_.get());
  log_ = UniqueFd(::open(log_path(charge_no).c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)); // BUG: double-close #rotate
}

int quick_reading(const char *probe_dev, double *ph_out) {
  UniqueFd probe(::open(probe_dev, O_RDWR | O_NOCTTY | O_CLOEXEC));
  if (!probe)
    return -1;
  const int raw = probe.get();
  std::optional<UniqueFd> ready = calibrate(std::move(probe), 7.0);
  if (!ready) {
    ::write(raw, "RESET\r", 6); // BUG: use-after-close
    return -1;
  }
  char buf[32] = {};
  if (::write(ready->get(), "READ\r", 5) != 5 || ::read(ready->get(), buf, sizeof buf - 1) <= 0) // OK
    return -1;
  *ph_out = std::strtod(buf, nullptr);
  const int fd = ready->release();
  return ::close(fd); // OK
}
