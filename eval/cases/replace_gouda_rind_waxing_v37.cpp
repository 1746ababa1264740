// Cheese dairy: gouda wheels get their rind waxed in heated baths, each bath
// driven through a WaxBathPort (a POSIX fd to the bath's controller). Ports
// are recycled when a bath's thermostat resets. Correct as written: every
// dip() after a release() runs on a replacement: an optional re-emplaced, a
// unique_ptr reassigned on both branches, a swapped standby, a port returned
// by a factory, or a reopen whose failure returns before the dip.
#include <fcntl.h>
#include <unistd.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class WaxBathPort {
 public:
  WaxBathPort() = default;
  explicit WaxBathPort(const std::string& dev) : fd_(::open(dev.c_str(), O_RDWR | O_NOCTTY)) {}
  WaxBathPort(WaxBathPort&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  WaxBathPort& operator=(WaxBathPort&& o) noexcept {
    if (this != &o) {
      release();
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  ~WaxBathPort() { release(); }

  bool ok() const { return fd_ >= 0; }
  void dip(int seconds) {
    if (fd_ < 0) throw std::runtime_error("wax bath port released");
    unsigned char s = static_cast<unsigned char>(seconds);
    if (::write(fd_, &s, 1) != 1) throw std::runtime_error("wax bath: write failed");
  }
  void release() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  void swap(WaxBathPort& o) noexcept { std::swap(fd_, o.fd_); }

 private:
  int fd_ = -1;
};

WaxBathPort open_bath(const std::string& dev) {
  WaxBathPort p(dev);
  if (!p.ok()) throw std::runtime_error("wax bath: cannot open " + dev);
  return p;
}

class WaxingLine {
 public:
  void thermostat_reset(const std::string& dev) {
    WaxBathPort fresh = open_bath(dev);
    if (red_) red_->release();
    red_.reset();
    red_.emplace(std::move(fresh));
    red_->dip(4);  // OK: re-emplaced with a freshly opened port
  }
  void switch_wax(bool black_wax, const std::string& black_dev, const std::string& yellow_dev) {
    coater_->release();
    if (black_wax)
      coater_ = std::make_unique<WaxBathPort>(open_bath(black_dev));
    else
      coater_ = std::make_unique<WaxBathPort>(open_bath(yellow_dev));
    coater_->dip(6);  // OK: reassigned on both branches
  }
  void use_standby(const std::string& next_standby_dev) {
    if (!red_ || !standby_.ok()) throw std::runtime_error("wax bath: no standby ready");
    red_->release();
    red_->swap(standby_);
    red_->dip(4);  // OK: red_ now holds the standby's open port
    standby_ = open_bath(next_standby_dev);
  }

 private:
  std::optional<WaxBathPort> red_{open_bath("/dev/ttyWAX0")};
  std::unique_ptr<WaxBathPort> coater_ = std::make_unique<WaxBathPort>(open_bath("/dev/ttyWAX1"));
  WaxBathPort standby_{open_bath("/dev/ttyWAX2")};
};

void nightly_recycle(WaxBathPort& port, const std::string& dev) {
  port.release();
  port = open_bath(dev);
  port.dip(2);  // OK: assigned a port returned by the factory
}

bool reopen_with_retries(WaxBathPort& port, const std::string& dev, int attempts) {
  for (int i = 0; i < attempts; ++i) {
    port.release();
    port = WaxBathPort(dev);
    if (port.ok()) break;
    ::usleep(200000);
  }
  if (!port.ok()) return false;
  port.dip(3);  // OK: returns before this when every reopen failed
  return true;
}

void wheel_batch(WaxBathPort& port, const std::string& dev, int wheels) {
  for (int w = 0; w < wheels; ++w) {
    if (w > 0 && w % 12 == 0) {
      port.release();
      port = WaxBathPort(dev);
      if (!port.ok()) throw std::runtime_error("wax bath: reopen failed");
    }
    port.dip(5);  // OK: every release() is followed by a reopen that throws on failure
  }
}
