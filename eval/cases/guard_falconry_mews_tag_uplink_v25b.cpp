// Falconry mews telemetry. Each hawk flies with a GPS tag; the falconer's
// handset keeps a TagUplink per bird and forwards fixes to the club's tracking
// server while the bird is on the wing. An uplink is closed when the bird is
// hooded or when the tag battery drops below the cut-off; the handset also
// keeps a spare uplink (over the club's LoRa gateway) for each bird.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Fix {
  double lat = 0.0;
  double lon = 0.0;
  int altitudeM = 0;
  int batteryPct = 100;
};

class TagUplink {
public:
  explicit TagUplink(std::string bird) : bird_(std::move(bird)) {}

  void send(const Fix &fix) {
    if (closed_)
      throw std::runtime_error("tag uplink closed: " + bird_);
    char line[96];
    std::snprintf(line, sizeof line, "%s %.6f %.6f %d", bird_.c_str(), fix.lat,
                  fix.lon, fix.altitudeM);
    queued_.emplace_back(line);
  }

  void close() {
    closed_ = true;
    queued_.clear();
  }

  bool closed() const { return closed_; }
  bool good() const { return !closed_ && errors_ == 0; }
  explicit operator bool() const { return !closed_; }

private:
  std::string bird_;
  std::vector<std::string> queued_;
  int errors_ = 0;
  bool closed_ = false;
};

constexpr int kBatteryCutoff = 15;

struct Bird {
  std::string name;
  TagUplink primary;
  TagUplink spare;
  bool hooded = false;
};

void onFix(Bird &bird, const Fix &fix) {
  if (fix.batteryPct < kBatteryCutoff)
    bird.primary.close();
  if (!bird.primary)
    return;
  bird.primary.send(fix); // OK
}

void onFlight(Bird &bird, const std::vector<Fix> &track) {
  for (const Fix &fix : track) {
    if (bird.primary.closed() || bird.hooded)
      break;
    bird.primary.send(fix); // OK
    if (fix.batteryPct < kBatteryCutoff)
      bird.primary.close();
  }
}

void replayTrack(Bird &bird, const std::vector<Fix> &track) {
  std::size_t i = 0;
  while (!bird.spare.closed() && i < track.size()) {
    bird.spare.send(track[i]); // OK
    if (track[i].batteryPct < kBatteryCutoff)
      bird.spare.close();
    ++i;
  }
}

// Bird comes back to the fist: the falconer hoods it and sends the last fix.
void onRecall(Bird &bird, const Fix &lastFix, bool hoodNow) {
  const bool linkUp = bird.primary.good();
  if (hoodNow) {
    bird.hooded = true;
    bird.primary.close();
  }
  if (linkUp)
    bird.primary.send(lastFix); // BUG: use-after-close
}

// Low battery on the primary tag: switch the bird to the LoRa spare.
void onLowBattery(Bird &bird, const Fix &fix) {
  bird.primary.close();
  if (bird.spare.closed())
    return;
  bird.primary.send(fix); // BUG: use-after-close
}

void onLowBatteryFixed(Bird &bird, const Fix &fix) {
  bird.primary.close();
  if (!bird.spare.good())
    return;
  bird.spare.send(fix); // OK
}

void endOfDay(std::vector<Bird> &mews) {
  for (Bird &bird : mews) {
    if (bird.primary)
      bird.primary.close();
    if (!bird.spare.closed())
      bird.spare.close();
  }
}
