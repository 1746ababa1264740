// Apiary gateway: every hive sits on a scale that streams weight samples to the
// co-op's server through a ScaleUplink. While the keeper has the lid off the
// uplink is suspended (the readings are noise) and resumed afterwards; close()
// ends the link for the season. resume() on a closed link does nothing, so the
// end-of-season routine, which closes the uplink and then resumes it to push
// the final tare weight, pushes to a closed link.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ScaleUplink {
public:
  explicit ScaleUplink(std::string hiveId) : hiveId_(std::move(hiveId)) {}

  void suspend() {
    if (closed_)
      return;
    suspended_ = true;
  }

  void resume() {
    if (closed_)
      return;
    suspended_ = false;
  }

  void push(double grams) {
    if (closed_)
      throw std::runtime_error("scale uplink closed: " + hiveId_);
    if (suspended_)
      return;
    pending_.push_back(grams);
    if (pending_.size() >= 32)
      transmit();
  }

  void close() {
    if (!closed_ && !pending_.empty())
      transmit();
    closed_ = true;
  }

  bool closed() const { return closed_; }
  const std::string &hive() const { return hiveId_; }

private:
  void transmit() {
    std::printf("%s: %zu samples\n", hiveId_.c_str(), pending_.size());
    pending_.clear();
  }

  std::string hiveId_;
  std::vector<double> pending_;
  bool suspended_ = false;
  bool closed_ = false;
};

struct Inspection {
  std::vector<double> before;
  std::vector<double> after;
  bool queenSeen = false;
};

void recordInspection(ScaleUplink &link, const Inspection &visit) {
  for (double g : visit.before)
    link.push(g);
  link.suspend();
  std::printf("%s: lid off, queen %s\n", link.hive().c_str(),
              visit.queenSeen ? "seen" : "not seen");
  link.resume();
  for (double g : visit.after)
    link.push(g); // OK
}

double estimateHoney(const std::vector<double> &season, double tare) {
  double peak = 0;
  for (double g : season)
    if (g > peak)
      peak = g;
  return peak > tare ? peak - tare : 0.0;
}

void endOfSeason(ScaleUplink &link, const std::vector<double> &season,
                 double emptyHiveTare) {
  for (double g : season)
    link.push(g);
  link.close();
  std::printf("%s: season closed, est. honey %.1f kg\n", link.hive().c_str(),
              estimateHoney(season, emptyHiveTare) / 1000.0);
  link.resume();
  link.push(emptyHiveTare); // BUG: use-after-close
}

void winterize(ScaleUplink &link, double lastReading) {
  link.push(lastReading);
  link.close();
  link.resume();
  if (link.closed()) {
    std::printf("%s: wintered, uplink off\n", link.hive().c_str());
    link.close(); // OK: close() on a closed uplink only sets the flag again
    return;
  }
  link.push(lastReading); // OK
}

void combineHives(ScaleUplink &keep, ScaleUplink &merged,
                  const std::vector<double> &mergedReadings) {
  merged.suspend();
  merged.close();
  keep.suspend();
  keep.resume();
  for (double g : mergedReadings)
    keep.push(g); // OK
}
