// Snow-tank gauge of an ice resurfacer. SnowTankGauge wraps the tank's
// load-cell descriptor; readKg() and tare() throw std::runtime_error
// ("snow tank gauge closed") once close() released the descriptor, and open()
// makes the gauge usable again. ResurfacingRun owns a gauge and uses it across
// its methods from the lap thread and the operator panel thread.
// No bug: lap() checks finished_ and isOpen() under the mutex that finish()
// holds while it closes; dumpTank() checks isOpen(); recalibrate() reopens
// before taring; the spare gauge is a std::optional that is reset and
// emplaced again before use.
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace rinkfleet {

class SnowTankGauge {
public:
  explicit SnowTankGauge(const std::string &device) { open(device); }
  ~SnowTankGauge() { close(); }
  SnowTankGauge(const SnowTankGauge &) = delete;
  SnowTankGauge &operator=(const SnowTankGauge &) = delete;

  void open(const std::string &device) {
    close();
    fd_ = ::open(device.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0)
      throw std::runtime_error("cannot open snow tank gauge " + device);
  }
  double readKg() {
    if (fd_ < 0)
      throw std::runtime_error("snow tank gauge closed");
    unsigned char raw[3] = {0, 0, 0};
    if (::read(fd_, raw, sizeof raw) != static_cast<ssize_t>(sizeof raw))
      throw std::runtime_error("snow tank gauge: short read");
    return ((raw[0] << 16) | (raw[1] << 8) | raw[2]) / 100.0 - tareKg_;
  }
  void tare() { tareKg_ += readKg(); }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
  double tareKg_ = 0;
};

class ResurfacingRun {
public:
  explicit ResurfacingRun(std::string device)
      : device_(std::move(device)), gauge_(device_) {}

  // Lap thread: records the tank fill after every lap.
  void lap(int lapNo) {
    std::lock_guard<std::mutex> lock(mu_);
    if (finished_ || !gauge_.isOpen())
      return;
    lastKg_ = gauge_.readKg(); // OK: checked under the mutex that finish() holds while closing
    lastLap_ = lapNo;
  }

  // Operator panel: the run is over.
  void finish() {
    std::lock_guard<std::mutex> lock(mu_);
    finished_ = true;
    gauge_.close();
  }

  double dumpTank() {
    std::lock_guard<std::mutex> lock(mu_);
    if (!gauge_.isOpen())
      return lastKg_;
    double kg = gauge_.readKg(); // OK: isOpen() checked
    lastKg_ = 0;
    return kg;
  }

  void recalibrate() {
    std::lock_guard<std::mutex> lock(mu_);
    gauge_.close();
    gauge_.open(device_);
    gauge_.tare(); // OK: reopened on the line above
    finished_ = false;
  }

  // A second gauge on the overflow tank, swapped in when the main one jams.
  double readSpare(const std::string &spareDevice) {
    spare_.reset();
    spare_.emplace(spareDevice);
    return spare_->readKg(); // OK: a fresh gauge was emplaced after reset()
  }

  ~ResurfacingRun() {
    std::lock_guard<std::mutex> lock(mu_);
    gauge_.close(); // OK: close() is idempotent after finish()
  }

private:
  std::string device_;
  std::mutex mu_;
  SnowTankGauge gauge_;
  std::optional<SnowTankGauge> spare_;
  bool finished_ = false;
  double lastKg_ = 0;
  int lastLap_ = 0;
};

} // namespace rinkfleet
