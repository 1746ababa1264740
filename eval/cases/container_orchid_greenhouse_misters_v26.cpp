// Misting control for an orchid greenhouse: each growing zone has a mister
// controller on its own serial device, kept in a registry keyed by zone.
// A controller that reports a fault is closed and remembered as faulted
// until an electrician re-seats it; a zone that is retired is closed and
// removed, and may be commissioned again later. At night all zones are
// misted by schedule and then told to pause until morning.
#include <cstdio>
#include <fcntl.h>
#include <map>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

class MisterRegistry {
public:
  MisterRegistry() = default;
  ~MisterRegistry();
  MisterRegistry(const MisterRegistry &) = delete;
  MisterRegistry &operator=(const MisterRegistry &) = delete;

  bool commission(int zone, const std::string &device);
  bool mist(int zone, int seconds);
  void markFaulted(int zone);
  void retire(int zone);
  void pauseAll();
  bool faulted(int zone) const { return faulted_.count(zone) != 0; }

private:
  bool sendLine(int fd, const std::string &line) {
    return ::write(fd, line.data(), line.size()) == // SAME: pause
           static_cast<ssize_t>(line.size());
  }

  std::map<int, int> zoneFds_;
  std::set<int> faulted_;
};

bool MisterRegistry::commission(int zone, const std::string &device) {
  int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return false;
  auto it = zoneFds_.find(zone);
  if (it != zoneFds_.end()) {
    if (!faulted_.count(zone))
      ::close(it->second); // OK
    it->second = fd;
  } else {
    zoneFds_.emplace(zone, fd);
  }
  faulted_.erase(zone);
  return sendLine(fd, "HELLO\n");
}

bool MisterRegistry::mist(int zone, int seconds) {
  auto it = zoneFds_.find(zone);
  if (it == zoneFds_.end() || faulted_.count(zone))
    return false;
  return sendLine(it->second, "MIST " + std::to_string(seconds) + "\n"); // OK
}

void MisterRegistry::markFaulted(int zone) {
  auto it = zoneFds_.find(zone);
  if (it == zoneFds_.end() || faulted_.count(zone))
    return;
  ::close(it->second);
  faulted_.insert(zone);
  std::fprintf(stderr, "misters: zone %d faulted\n", zone);
}

void MisterRegistry::retire(int zone) {
  auto it = zoneFds_.find(zone);
  if (it == zoneFds_.end())
    return;
  if (!faulted_.count(zone))
    ::close(it->second); // OK
  zoneFds_.erase(it);
  faulted_.erase(zone);
}

void MisterRegistry::pauseAll() {
  for (const auto &entry : zoneFds_)
    sendLine(entry.second, "PAUSE\n"); // BUG: use-after-close #pause
}

MisterRegistry::~MisterRegistry() {
  for (const auto &entry : zoneFds_) {
    if (faulted_.count(entry.first))
      continue;
    ::close(entry.second); // OK
  }
}

struct ZonePlan {
  int zone = 0;
  int seconds = 0;
};

int nightCycle(MisterRegistry &reg, const std::vector<ZonePlan> &plan) {
  int misted = 0;
  for (const ZonePlan &p : plan) {
    if (reg.mist(p.zone, p.seconds)) {
      ++misted;
      continue;
    }
    if (!reg.faulted(p.zone))
      reg.markFaulted(p.zone);
  }
  reg.pauseAll();
  return misted;
}
