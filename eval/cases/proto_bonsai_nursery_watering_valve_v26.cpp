// Bench irrigation for a bonsai nursery: a valve link pulses the drip valve
// of each bench for the number of seconds its species needs and doses liquid
// feed on feeding days. When the frost probe reads near freezing, junipers
// are not watered and the irrigation lines are drained by shutting the link
// down; the link is shut down again at the end of every watering round.
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ValveLink {
public:
  explicit ValveLink(std::string manifold) : manifold_(std::move(manifold)) {}
  ~ValveLink() { shutdown(); } // OK
  ValveLink(const ValveLink &) = delete;
  ValveLink &operator=(const ValveLink &) = delete;

  void pulse(int valve, int seconds);
  void dose(int valve, int millilitres);
  void shutdown();
  bool isOpen() const { return !shut_.load(); }
  int pulses() const { return pulses_; }

private:
  void checkOpen(const char *what) const {
    if (shut_.load())
      throw std::runtime_error(manifold_ + ": valve link shut down, " + what);
  }

  std::string manifold_;
  std::atomic<bool> shut_{false};
  int pulses_ = 0;
};

void ValveLink::pulse(int valve, int seconds) {
  checkOpen("pulse refused");
  std::printf("%s: valve %d open %ds\n", manifold_.c_str(), valve, seconds);
  ++pulses_;
}

void ValveLink::dose(int valve, int millilitres) {
  checkOpen("dose refused");
  std::printf("%s: valve %d feed %dml\n", manifold_.c_str(), valve, millilitres);
}

void ValveLink::shutdown() {
  if (shut_.exchange(true))
    return;
  std::printf("%s: draining lines\n", manifold_.c_str());
}

struct Bench {
  std::string species;
  int valve = 0;
  int seconds = 0;
  int feedMl = 0;
};

struct FrostProbe {
  double celsius = 10.0;
};

namespace {

bool drainIfFreezing(ValveLink &link, const FrostProbe &probe) {
  if (probe.celsius > 0.5)
    return false;
  link.shutdown();
  return true;
}

} // namespace

int waterBenches(ValveLink &link, const FrostProbe &probe,
                 const std::vector<Bench> &benches) {
  int watered = 0;
  for (const Bench &b : benches) {
    if (b.species == "juniper" && drainIfFreezing(link, probe))
      continue;
    link.pulse(b.valve, b.seconds); // BUG: use-after-close
    ++watered;
  }
  return watered;
}

void feedBenches(ValveLink &link, const std::vector<Bench> &benches) {
  for (const Bench &b : benches) {
    if (!link.isOpen())
      return;
    if (b.feedMl > 0)
      link.dose(b.valve, b.feedMl); // OK
  }
}

int wateringRound(ValveLink &link, const FrostProbe &probe,
                  const std::vector<Bench> &benches, bool feedingDay) {
  int watered = waterBenches(link, probe, benches);
  if (feedingDay)
    feedBenches(link, benches); // OK
  link.shutdown(); // OK
  return watered;
}
