// Automated fog signal station: a visibility sensor drives the fog horn (sound the
// station's character while visibility is under two nautical miles, silence it above).
// On mains failure the horn's compressor is shut down to save the batteries for the
// light; at dawn the night's run is ended and the horn is decommissioned for the day.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class FogHorn {
public:
  explicit FogHorn(std::string id) : id_(std::move(id)) {}
  void setSounding(bool on, const std::string &character);
  void test();
  void lockOut();
  bool isLockedOut() const { return state_ == State::Off; }
  int blasts() const { return blasts_; }

private:
  enum class State { Silent, Sounding, Off };
  void requireLive(const char *op) const;
  std::string id_;
  std::string character_;
  State state_ = State::Silent;
  bool compressor_on_ = true;
  int blasts_ = 0;
};

void FogHorn::requireLive(const char *op) const {
  if (state_ == State::Off)
    throw std::logic_error("fog horn " + id_ + ": " + op + " after lock-out");
}

void FogHorn::setSounding(bool on, const std::string &character) {
  requireLive("setSounding");
  character_ = character;
  state_ = on ? State::Sounding : State::Silent;
  if (on)
    ++blasts_;
}

void FogHorn::test() {
  requireLive("test");
  ++blasts_;
}

void FogHorn::lockOut() {
  if (state_ == State::Off)
    throw std::logic_error("fog horn " + id_ + " already locked out");
  compressor_on_ = false;
  state_ = State::Off;
}

struct Reading {
  double visibility_nm = 10.0;
  bool mains_lost = false;
};

class FogSignalStation {
public:
  FogSignalStation(std::string horn_id, std::string character)
      : horn_(std::move(horn_id)), character_(std::move(character)) {}
  void onVisibility(double nm);
  void onMainsFailure();
  bool weeklyTest();
  void decommission();

private:
  static constexpr double kFogThresholdNm = 2.0;
  FogHorn horn_;
  std::string character_;
  bool sounding_ = false;
  bool on_battery_ = false;
};

void FogSignalStation::onVisibility(double nm) {
  const bool fog = nm < kFogThresholdNm;
  if (fog == sounding_)
    return;
  sounding_ = fog;
  horn_.setSounding(fog, character_); // SAME: after_mains
}

void FogSignalStation::onMainsFailure() {
  if (on_battery_)
    return;
  on_battery_ = true;
  horn_.lockOut();
}

bool FogSignalStation::weeklyTest() {
  if (horn_.isLockedOut())
    return false;
  horn_.test(); // OK
  return true;
}

void FogSignalStation::decommission() {
  if (!horn_.isLockedOut())
    horn_.setSounding(false, character_); // OK
  horn_.lockOut(); // SAME: dawn
}

int run_night(FogSignalStation &station, const std::vector<Reading> &readings) {
  int handled = 0;
  for (const Reading &r : readings) {
    if (r.mains_lost) {
      station.onMainsFailure(); // OK
      continue;
    }
    station.onVisibility(r.visibility_nm); // BUG: use-after-close #after_mains
    ++handled;
  }
  station.decommission(); // BUG: double-close #dawn
  return handled;
}

bool commissioning_check(const std::string &horn_id) {
  FogSignalStation station(horn_id, "Dia 2 every 30s");
  station.onVisibility(0.5);
  station.onVisibility(5.0);
  const bool tested = station.weeklyTest(); // OK
  station.decommission(); // OK
  return tested;
}
