// Mountain-rescue relay: a RescueRelay forwards avalanche-transceiver fixes
// from a search drone to base over a satellite uplink. pause() closes the
// uplink and resume() reopens it, but resume() returns early unless the relay
// itself paused. When the BatteryGovernor closes the uplink directly, the
// following resume() does nothing and the forwarded fix goes to a closed
// uplink. pause() is idempotent (it returns when already paused), whereas
// SatUplink::close() throws when the uplink is already closed.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct BeaconFix {
  double lat = 0.0;
  double lon = 0.0;
  double distanceM = 0.0;
  int beaconsInRange = 0;
};

class SatUplink {
public:
  void open() { open_ = true; }
  void send(const std::string &msg);
  void close();
  bool isOpen() const { return open_; }

private:
  bool open_ = true;
  std::vector<std::string> sent_;
};

class RescueRelay {
public:
  explicit RescueRelay(SatUplink &uplink) : uplink_(uplink) {}
  void pause();
  void resume();
  void forward(const BeaconFix &fix);

private:
  SatUplink &uplink_;
  bool paused_ = false;
};

class BatteryGovernor {
public:
  explicit BatteryGovernor(SatUplink &uplink) : uplink_(uplink) {}
  void onPercent(int percent);

private:
  SatUplink &uplink_;
};

void SatUplink::send(const std::string &msg) {
  if (!open_)
    throw std::runtime_error("satellite uplink closed");
  sent_.push_back(msg);
}

void SatUplink::close() {
  if (!open_)
    throw std::runtime_error("satellite uplink already closed");
  open_ = false;
}

void RescueRelay::pause() {
  if (paused_)
    return;
  uplink_.close();
  paused_ = true;
}

void RescueRelay::resume() {
  if (!paused_)
    return;
  uplink_.open();
  paused_ = false;
}

void RescueRelay::forward(const BeaconFix &fix) {
  uplink_.send("FIX " + std::to_string(fix.lat) + "," + std::to_string(fix.lon) + // SAME: relayfix
               " d=" + std::to_string(fix.distanceM));
}

void BatteryGovernor::onPercent(int percent) {
  if (percent < 15 && uplink_.isOpen())
    uplink_.close();
}

void searchSector(RescueRelay &relay, SatUplink &uplink, BatteryGovernor &gov,
                  const std::vector<BeaconFix> &fixes, int battery) {
  relay.pause();
  relay.pause(); // OK: pause() returns early when already paused
  relay.resume();
  relay.forward(fixes.front()); // OK: resume() reopened what pause() closed

  gov.onPercent(battery);
  relay.resume();
  for (const BeaconFix &fix : fixes)
    relay.forward(fix); // BUG: use-after-close #relayfix

  if (uplink.isOpen())
    uplink.send("SECTOR DONE"); // OK: checked isOpen()
}

void endMission(RescueRelay &relay, SatUplink &uplink) {
  relay.pause();
  uplink.close(); // BUG: double-close
}

int main() {
  SatUplink uplink;
  RescueRelay relay(uplink);
  BatteryGovernor governor(uplink);
  std::vector<BeaconFix> fixes = {{46.5521, 7.9743, 38.0, 1}, {46.5523, 7.9748, 12.5, 2}};
  searchSector(relay, uplink, governor, fixes, 11);
  endMission(relay, uplink);
  return 0;
}
