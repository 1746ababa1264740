// Water treatment plant supervisor (SCADA). Subsystems register shutdown
// hooks with a ShutdownRegistry, which runs them in registration order when
// the supervisor stops. Probe calibration uses a ScopeExit guard that closes
// the probe's serial descriptor on every exit path unless dismissed.
// Resources: the process historian FILE*, the Modbus RTU descriptor, probe
// serial descriptors.
// Defects: the final-snapshot hook was registered after the hook that closes
// the historian, so it writes to a closed FILE*; calibrateProbe() closes the
// serial descriptor by hand to free the line and the ScopeExit closes it
// again when the function returns.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace scada {

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (active_)
      f_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F f_;
  bool active_ = true;
};

class ShutdownRegistry {
public:
  void add(std::string name, std::function<void()> hook) {
    hooks_.emplace_back(std::move(name), std::move(hook));
  }
  void runAll() {
    for (auto &h : hooks_) {
      std::fprintf(stderr, "shutdown: %s\n", h.first.c_str());
      h.second();
    }
    hooks_.clear();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> hooks_;
};

static bool writeCoil(int fd, unsigned coil, bool on) {
  unsigned char frame[4] = {0x05, static_cast<unsigned char>(coil), static_cast<unsigned char>(on ? 0xFF : 0x00), 0x00};
  return ::write(fd, frame, sizeof frame) == static_cast<ssize_t>(sizeof frame);
}

class PlantSupervisor {
public:
  bool start() {
    historian_ = std::fopen("/var/scada/historian.log", "a");
    if (!historian_)
      return false;
    registry_.add("historian", [this] { std::fclose(historian_); });

    modbusFd_ = ::open("/dev/ttyS1", O_RDWR | O_NOCTTY);
    if (modbusFd_ < 0)
      return false;
    registry_.add("valves-safe", [this] {
      writeCoil(modbusFd_, 12, false); // OK: registered before the modbus hook, runs first
    });
    registry_.add("modbus", [this] { ::close(modbusFd_); });
    registry_.add("final-snapshot", [this] {
      std::fprintf(historian_, "final chlorine setpoint %.2f mg/l\n", chlorineSetpoint_); // BUG: use-after-close
    });
    return true;
  }

  void record(const std::string &tag, double value) {
    std::fprintf(historian_, "%s=%.3f\n", tag.c_str(), value);
    if (tag == "chlorine")
      chlorineSetpoint_ = value;
  }

  void stop() { registry_.runAll(); }

private:
  ShutdownRegistry registry_;
  FILE *historian_ = nullptr;
  int modbusFd_ = -1;
  double chlorineSetpoint_ = 0.0;
};

bool calibrateProbe(const std::string &device, double reference) {
  int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY);
  if (fd < 0)
    return false;
  ScopeExit closeFd([&] { ::close(fd); }); // SAME: calib_scope
  std::string cmd = "CAL " + std::to_string(reference) + "\r";
  if (::write(fd, cmd.data(), cmd.size()) < 0)
    return false;
  char reply[16] = {};
  bool accepted = ::read(fd, reply, sizeof reply - 1) > 0 && reply[0] == 'A';
  // Free the serial line right away: the turbidity probe shares it.
  ::close(fd);
  return accepted;
} // BUG: double-close #calib_scope

int readFirmware(const std::string &device) {
  int fd = ::open(device.c_str(), O_RDONLY | O_NOCTTY);
  if (fd < 0)
    return -1;
  ScopeExit closeFd([&] { ::close(fd); });
  char version[8] = {};
  if (::read(fd, version, sizeof version - 1) <= 0)
    return -1;
  closeFd.dismiss();
  ::close(fd); // OK: the guard was dismissed first
  return version[0];
} // OK: dismissed guard does nothing

} // namespace scada

void runPlantShift() {
  scada::PlantSupervisor plant;
  if (!plant.start())
    return;
  plant.record("chlorine", 1.8);
  plant.record("turbidity", 0.3);
  scada::calibrateProbe("/dev/ttyUSB2", 7.0);
  scada::readFirmware("/dev/ttyUSB3");
  plant.stop();
}
