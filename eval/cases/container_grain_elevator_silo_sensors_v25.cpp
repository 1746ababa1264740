// Grain elevator silo monitoring: every silo has a temperature-cable probe
// (thermocouples at several depths) on its own RS-485 adapter. The registry
// opens the probes by silo number, polls the online ones for hot spots,
// takes a probe offline when its silo is emptied for cleaning, swaps an
// adapter for a replacement, recalibrates probes after a cable repair, and
// closes everything when the elevator's control system shuts down.
#include <cstdio>
#include <map>
#include <string>
#include <vector>
#include <fcntl.h>
#include <unistd.h>

namespace elevator {

struct SiloProbe {
  std::string device;
  int fd = -1;
  bool online = false;
  double lastMaxC = 0;
};

struct HotSpot {
  int silo;
  double tempC;
};

class SiloRegistry {
public:
  bool add(int silo, const std::string &device);
  void takeOffline(int silo);
  bool swapAdapter(int silo, const std::string &device);
  bool recalibrate(int silo, double offsetC);
  std::vector<HotSpot> poll(double alarmC);
  void closeAll();

private:
  static int openProbe(const std::string &device) {
    return ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  }

  std::map<int, SiloProbe> probes_;
};

bool SiloRegistry::add(int silo, const std::string &device) {
  int fd = openProbe(device);
  if (fd < 0)
    return false;
  SiloProbe &p = probes_[silo];
  if (p.online)
    ::close(p.fd);
  p.device = device;
  p.fd = fd;
  p.online = true;
  return true;
}

void SiloRegistry::takeOffline(int silo) {
  auto it = probes_.find(silo);
  if (it == probes_.end() || !it->second.online)
    return;
  ::close(it->second.fd);
  it->second.online = false;
}

bool SiloRegistry::swapAdapter(int silo, const std::string &device) {
  auto it = probes_.find(silo);
  if (it == probes_.end())
    return false;
  SiloProbe &p = it->second;
  if (p.online)
    ::close(p.fd);
  p.fd = openProbe(device);
  p.device = device;
  p.online = p.fd >= 0;
  return p.online && ::write(p.fd, "ID?\r", 4) == 4; // OK
}

bool SiloRegistry::recalibrate(int silo, double offsetC) {
  auto it = probes_.find(silo);
  if (it == probes_.end())
    return false;
  char cmd[32];
  int n = std::snprintf(cmd, sizeof cmd, "CAL %+.2f\r", offsetC);
  return ::write(it->second.fd, cmd, static_cast<size_t>(n)) == n; // BUG: use-after-close
}

std::vector<HotSpot> SiloRegistry::poll(double alarmC) {
  std::vector<HotSpot> hot;
  for (auto &[silo, p] : probes_) {
    if (!p.online)
      continue;
    if (::write(p.fd, "T?\r", 3) != 3) // OK
      continue;
    char buf[128] = {};
    ssize_t n = ::read(p.fd, buf, sizeof buf - 1); // OK
    if (n <= 0)
      continue;
    double maxC = 0;
    if (std::sscanf(buf, "TMAX %lf", &maxC) == 1) {
      p.lastMaxC = maxC;
      if (maxC >= alarmC)
        hot.push_back({silo, maxC});
    }
  }
  return hot;
}

void SiloRegistry::closeAll() {
  for (auto &[silo, p] : probes_) {
    ::close(p.fd); // BUG: double-close
    p.online = false;
  }
  probes_.clear();
}

} // namespace elevator
