// Wash bar and kickplate heaters of an ice resurfacer. A NozzleTap wraps the
// descriptor of one wash-water solenoid valve and closes it in its destructor.
// It was written before C++11: it has a copy constructor (copies share the
// descriptor number) and no move constructor, so std::vector copies it when it
// reallocates and destroys the originals, closing their descriptors under the
// copies. floodPassReserved() reserves the capacity first and constructs the
// taps in place, so no tap is ever copied. Heater zones are held through
// std::unique_ptr; a zone's shutOff() closes its line and setDuty() throws
// afterwards.
// Bugs: floodPass() lets the vector reallocate, drives the taps whose
// descriptors were closed by the reallocation, and closes them again with
// clear(); kickplateDefrost() shuts faulted zones off in one loop and drives
// every zone in the next.
#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace rinkfleet {

class NozzleTap {
public:
  explicit NozzleTap(const std::string &valve)
      : valve_(valve), fd_(::open(valve.c_str(), O_WRONLY | O_CLOEXEC)) {}
  NozzleTap(const NozzleTap &other) : valve_(other.valve_), fd_(other.fd_) {}
  NozzleTap &operator=(const NozzleTap &other) {
    valve_ = other.valve_;
    fd_ = other.fd_;
    return *this;
  }
  ~NozzleTap() {
    if (fd_ >= 0)
      ::close(fd_); // SAME: washclear
  }

  bool setOpening(int percent) {
    char cmd[16];
    int n = std::snprintf(cmd, sizeof cmd, "O%03d\n", percent);
    return ::write(fd_, cmd, static_cast<size_t>(n)) == n; // SAME: washbar
  }

private:
  std::string valve_;
  int fd_;
};

void floodPass(const std::vector<std::string> &valves, int openingPct) {
  std::vector<NozzleTap> taps;
  for (const std::string &valve : valves)
    taps.emplace_back(valve);
  for (NozzleTap &tap : taps)
    tap.setOpening(openingPct); // BUG: use-after-close #washbar
  taps.clear(); // BUG: double-close #washclear
}

void floodPassReserved(const std::vector<std::string> &valves, int openingPct) {
  std::vector<NozzleTap> taps;
  taps.reserve(valves.size());
  for (const std::string &valve : valves)
    taps.emplace_back(valve);
  for (NozzleTap &tap : taps)
    tap.setOpening(openingPct); // OK: capacity was reserved, nothing was copied or destroyed
  taps.clear(); // OK: every descriptor belongs to exactly one tap
}

class HeaterZone {
public:
  explicit HeaterZone(const std::string &line)
      : line_(line), fd_(::open(line.c_str(), O_RDWR | O_CLOEXEC)) {}
  ~HeaterZone() { shutOff(); }
  HeaterZone(const HeaterZone &) = delete;
  HeaterZone &operator=(const HeaterZone &) = delete;

  void setDuty(int percent) {
    if (fd_ < 0)
      throw std::runtime_error("heater zone " + line_ + " is shut off");
    char cmd[16];
    int n = std::snprintf(cmd, sizeof cmd, "D%d\n", percent);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n)
      throw std::runtime_error("heater zone " + line_ + " write failed");
  }
  bool faulted() const {
    char status = 0;
    return ::pread(fd_, &status, 1, 0) != 1 || status == 'F';
  }
  void shutOff() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  bool live() const { return fd_ >= 0; }

private:
  std::string line_;
  int fd_;
};

using Zones = std::vector<std::unique_ptr<HeaterZone>>;

void kickplateCycle(Zones &zones, int duty) {
  for (auto &zone : zones)
    if (zone->faulted())
      zone->shutOff();
  zones.erase(std::remove_if(zones.begin(), zones.end(),
                             [](const std::unique_ptr<HeaterZone> &z) { return !z->live(); }),
              zones.end());
  for (auto &zone : zones)
    zone->setDuty(duty); // OK: zones that were shut off were removed above
}

void kickplateDefrost(Zones &zones, int duty) {
  for (auto &zone : zones)
    if (zone->faulted())
      zone->shutOff();
  for (auto &zone : zones)
    zone->setDuty(duty); // BUG: use-after-close
}

} // namespace rinkfleet
