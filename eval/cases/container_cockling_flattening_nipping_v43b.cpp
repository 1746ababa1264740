// Flattening of cockled leaves in a rare-book conservation studio: leaves are
// humidified and dried under weight in standing presses. Every press bay has
// its own pressure gauges, read through FILE* streams on the gauge bus; a
// reference gauge (calibrated barometric sensor) is shared by all bays and
// appears in each bay's gauge list. At the end of a drying run the streams
// are released.
#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

namespace flattening {

struct PressBay {
  std::string name;
  std::vector<FILE *> gauges; // the bay's own gauges, then the reference gauge
  double target_kpa = 0.0;
};

static double read_kpa(FILE *gauge) {
  double kpa = 0.0;
  std::rewind(gauge); // SAME: gauge
  if (std::fscanf(gauge, "%lf", &kpa) != 1)
    return -1.0;
  return kpa;
}

std::vector<PressBay> open_bays(const std::vector<std::string> &names, int gauges_per_bay) {
  FILE *reference = std::fopen("/dev/gaugebus/ref0", "r");
  std::vector<PressBay> bays;
  for (const std::string &n : names) {
    PressBay bay;
    bay.name = n;
    for (int g = 0; g < gauges_per_bay; ++g) {
      std::string dev = "/dev/gaugebus/" + n + "-" + std::to_string(g);
      if (FILE *f = std::fopen(dev.c_str(), "r"))
        bay.gauges.push_back(f);
    }
    if (reference)
      bay.gauges.push_back(reference);
    bays.push_back(std::move(bay));
  }
  return bays;
}

// End of run: every bay releases its gauge list.
void release_bays(std::vector<PressBay> &bays) {
  for (PressBay &bay : bays) {
    for (FILE *g : bay.gauges)
      std::fclose(g); // BUG: double-close
    bay.gauges.clear();
  }
}

// End of run: every stream is closed exactly once, shared ones included.
void release_bays_once(std::vector<PressBay> &bays) {
  std::set<FILE *> streams;
  for (PressBay &bay : bays) {
    streams.insert(bay.gauges.begin(), bay.gauges.end());
    bay.gauges.clear();
  }
  for (FILE *g : streams)
    std::fclose(g); // OK: the set holds each stream once
}

// A bay whose gauge drifted gets its own gauges swapped; the reference stays.
void swap_bay_gauges(PressBay &bay, FILE *reference) {
  for (FILE *g : bay.gauges)
    if (g != reference)
      std::fclose(g); // OK: the shared reference is skipped
  bay.gauges.erase(std::remove_if(bay.gauges.begin(), bay.gauges.end(),
                                  [reference](FILE *g) { return g != reference; }),
                   bay.gauges.end());
  std::string dev = "/dev/gaugebus/" + bay.name + "-spare";
  if (FILE *spare = std::fopen(dev.c_str(), "r"))
    bay.gauges.insert(bay.gauges.begin(), spare);
  double ref = read_kpa(bay.gauges.back()); // OK: the reference gauge was not closed
  std::printf("%s reference %.1f kPa\n", bay.name.c_str(), ref);
}

// Drying check: a bay below target is released early.
int check_drying(std::vector<PressBay> &bays) {
  int released = 0;
  for (PressBay &bay : bays) {
    double kpa = read_kpa(bay.gauges.front());
    if (kpa >= 0 && kpa < bay.target_kpa) {
      std::fclose(bay.gauges.front());
      ++released;
    }
  }
  for (const PressBay &bay : bays)
    std::printf("%s %.1f kPa\n", bay.name.c_str(), read_kpa(bay.gauges.front())); // BUG: use-after-close #gauge
  return released;
}

} // namespace flattening
