// Sea-salt works: every evaporation pan and crystalliser has a brine gauge on
// a telemetry link, kept in a map by pan name; the feeder channels keep theirs
// in a vector. On harvest day the north crystalliser is drained and its gauge
// disconnected, yet the harvest report still reads it by the same key. The
// evaporation-3 gauge is erased and replaced before calibration (fine), and
// reads of other keys are fine. close_feeders() disconnects every feeder
// gauge and then reads the first one by index and the sentinel through a
// reference taken before the loop.
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BrineGauge {
 public:
  explicit BrineGauge(std::string pan) : pan_(std::move(pan)) {}

  double salinity() const {
    if (!connected_) throw std::runtime_error("brine gauge disconnected: " + pan_);
    return reading_;
  }

  void calibrate(double reference_ppt) {
    if (!connected_) throw std::runtime_error("brine gauge disconnected: " + pan_);
    reading_ = reference_ppt;
  }

  void disconnect() {
    if (!connected_) throw std::runtime_error("brine gauge already disconnected: " + pan_);
    connected_ = false;
  }

  bool connected() const { return connected_; }

 private:
  std::string pan_;
  double reading_ = 35.0;
  bool connected_ = true;
};

struct HarvestReport {
  double north = 0.0;
  double south = 0.0;
  double evaporation3 = 0.0;
};

HarvestReport harvest_day(std::map<std::string, BrineGauge>& pans) {
  HarvestReport report;
  pans.at("north-crystalliser").disconnect();  // pan drained for raking

  report.south = pans.at("south-crystalliser").salinity();  // OK: a different key
  report.north = pans.at("north-crystalliser").salinity();  // BUG: use-after-close

  auto it = pans.find("evaporation-3");
  if (it != pans.end()) {
    it->second.disconnect();
    pans.erase(it);
  }
  pans.emplace("evaporation-3", BrineGauge("evaporation-3"));
  pans.at("evaporation-3").calibrate(26.4);  // OK: a fresh gauge after erase-and-replace
  report.evaporation3 = pans.at("evaporation-3").salinity();  // OK: same fresh gauge
  return report;
}

double average_live(const std::map<std::string, BrineGauge>& pans) {
  double sum = 0.0;
  int n = 0;
  for (const auto& [name, gauge] : pans) {
    if (!gauge.connected()) continue;
    sum += gauge.salinity();  // OK: disconnected gauges are skipped
    ++n;
  }
  return n ? sum / n : 0.0;
}

double close_feeders(std::vector<BrineGauge>& feeders) {
  if (feeders.empty()) return 0.0;
  BrineGauge& sentinel = feeders.back();
  double before = sentinel.salinity();  // OK: nothing disconnected yet
  for (auto& g : feeders) g.disconnect();
  double first = feeders[0].salinity();  // BUG: use-after-close
  return before + first + sentinel.salinity();  // BUG: use-after-close
}

void tide_change(std::vector<BrineGauge>& feeders) {
  for (std::size_t i = 0; i < feeders.size(); ++i) {
    feeders[i].calibrate(34.0);  // OK: calibrated before this element is disconnected
    feeders[i].disconnect();
  }
  feeders.clear();
  feeders.emplace_back("feeder-a");
  feeders[0].calibrate(33.5);  // OK: the vector now holds a new gauge
}

double season(std::map<std::string, BrineGauge>& pans, std::vector<BrineGauge>& feeders) {
  HarvestReport r = harvest_day(pans);
  tide_change(feeders);
  return r.south + average_live(pans) + close_feeders(feeders);
}
