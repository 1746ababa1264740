// Malt kiln air handling. A HygrometerPort (move-only, opened through the
// static factory HygrometerPort::open) reads relative humidity off the kiln
// exhaust; the louvre bank and the fan controller drive their actuators over a
// shared ActuatorBus; the air log is a FILE* member rotated at each break of
// the kilning curve. ActuatorBus and HygrometerPort throw when used after
// close().
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class HygrometerPort {
public:
  static HygrometerPort open(const std::string &dev) {
    int fd = ::open(dev.c_str(), O_RDWR | O_NOCTTY);
    if (fd < 0)
      throw std::runtime_error("hygrometer " + dev + " unavailable");
    return HygrometerPort(fd);
  }
  HygrometerPort(HygrometerPort &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  HygrometerPort &operator=(HygrometerPort &&other) noexcept {
    if (this != &other) {
      if (fd_ >= 0)
        ::close(fd_);
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ~HygrometerPort() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  double readRh() {
    if (fd_ < 0)
      throw std::runtime_error("hygrometer port closed");
    char buf[16] = {};
    ::write(fd_, "RH?\r", 4);
    ::read(fd_, buf, sizeof buf - 1);
    return std::atof(buf);
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  explicit HygrometerPort(int fd) : fd_(fd) {}
  int fd_;
};

class ActuatorBus {
public:
  explicit ActuatorBus(const std::string &dev) : fd_(::open(dev.c_str(), O_WRONLY | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("actuator bus " + dev + " unavailable");
  }
  ~ActuatorBus() { close(); }
  void write(const std::string &frame) {
    if (fd_ < 0)
      throw std::runtime_error("actuator bus closed");
    ::write(fd_, frame.data(), frame.size());
  }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class LouvreBank {
public:
  explicit LouvreBank(std::shared_ptr<ActuatorBus> bus) : bus_(std::move(bus)) {}
  void setOpening(int percent) { bus_->write("LV " + std::to_string(percent) + "\r"); }
  void rebind(const std::string &dev) {
    bus_->close();
    bus_ = std::make_shared<ActuatorBus>(dev);
  }
  std::shared_ptr<ActuatorBus> bus() const { return bus_; }

private:
  std::shared_ptr<ActuatorBus> bus_;
};

class FanControl {
public:
  explicit FanControl(std::shared_ptr<ActuatorBus> bus) : bus_(std::move(bus)) {}
  void attach(std::shared_ptr<ActuatorBus> bus) { bus_ = std::move(bus); }
  void setSpeed(int percent) { bus_->write("FAN " + std::to_string(percent) + "\r"); } // SAME: fan-old-bus

private:
  std::shared_ptr<ActuatorBus> bus_;
};

class KilnAirHandling {
public:
  KilnAirHandling()
      : hygro_(HygrometerPort::open("/dev/ttyHYG")),
        louvres_(std::make_shared<ActuatorBus>("/dev/ttyACT0")), fans_(louvres_.bus()),
        airLog_(std::fopen("/var/log/kiln/air-0.log", "a")) {}
  ~KilnAirHandling() {
    if (airLog_)
      std::fclose(airLog_);
  }

  void breakPoint(int stage) {
    FILE *next = std::fopen(("/var/log/kiln/air-" + std::to_string(stage) + ".log").c_str(), "a");
    if (!next)
      return;
    FILE *previous = std::exchange(airLog_, next);
    if (previous) {
      std::fclose(previous);
      std::fputs("# curve break\n", previous); // BUG: use-after-close
    }
    std::fprintf(airLog_, "stage %d rh %.1f\n", stage, hygro_.readRh()); // OK
  }

  void resetHygrometer() {
    hygro_.close();
    hygro_ = HygrometerPort::open("/dev/ttyHYG");
    std::fprintf(airLog_ ? airLog_ : stderr, "rh after reset %.1f\n", hygro_.readRh()); // OK
  }

  void recoverBus(const std::string &spareDev) {
    louvres_.rebind(spareDev);
    louvres_.setOpening(60); // OK
    fans_.setSpeed(70); // BUG: use-after-close #fan-old-bus
  }

  void recoverBusCleanly(const std::string &spareDev) {
    louvres_.rebind(spareDev);
    fans_.attach(louvres_.bus());
    fans_.setSpeed(70); // OK
  }

private:
  HygrometerPort hygro_;
  LouvreBank louvres_;
  FanControl fans_;
  FILE *airLog_;
};

int main() {
  KilnAirHandling kiln;
  kiln.breakPoint(1);
  kiln.resetHygrometer();
  kiln.recoverBusCleanly("/dev/ttyACT1");
  kiln.recoverBus("/dev/ttyACT0");
}
