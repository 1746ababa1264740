// Survey drone ground station: a RadioLink to the aircraft is shared between
// the GroundStation, the geofence callback it registers, and a BatteryMonitor
// that keeps a weak_ptr. On return-to-home the station closes the link and
// drops its own pointer, but the geofence callback keeps a copy and still
// sends on it, and the battery monitor's lock() succeeds on the closed link
// since the callback keeps it alive. After relinking, the station uses a new
// link, and the monitor's second path checks isOpen() after lock().
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class RadioLink {
public:
  explicit RadioLink(std::string serial) : serial_(std::move(serial)) {}
  void send(const std::string &mavlinkFrame);
  void close();
  bool isOpen() const { return open_; }

private:
  std::string serial_;
  std::vector<std::string> queued_;
  bool open_ = true;
};

class BatteryMonitor {
public:
  void attach(const std::shared_ptr<RadioLink> &link) { link_ = link; }
  void onLowVoltage(double volts);
  void onCellImbalance(double deltaMv);

private:
  std::weak_ptr<RadioLink> link_;
};

class GroundStation {
public:
  explicit GroundStation(BatteryMonitor &battery) : battery_(battery) {}
  void connect(const std::string &serial);
  void armGeofence(double radiusM);
  void onPositionUpdate(double distanceM);
  void returnToHome();
  void relink(const std::string &serial);

private:
  BatteryMonitor &battery_;
  std::shared_ptr<RadioLink> link_;
  std::function<void(double)> geofenceBreach_;
};

void RadioLink::send(const std::string &mavlinkFrame) {
  if (!open_)
    throw std::runtime_error("radio link closed: " + serial_);
  queued_.push_back(mavlinkFrame);
}

void RadioLink::close() {
  if (!open_)
    throw std::runtime_error("radio link already closed: " + serial_);
  open_ = false;
  queued_.clear();
}

void BatteryMonitor::onLowVoltage(double volts) {
  if (auto link = link_.lock())
    link->send("STATUSTEXT low battery " + std::to_string(volts)); // BUG: use-after-close
}

void BatteryMonitor::onCellImbalance(double deltaMv) {
  std::shared_ptr<RadioLink> link = link_.lock();
  if (!link || !link->isOpen())
    return;
  link->send("STATUSTEXT cell delta " + std::to_string(deltaMv)); // OK: isOpen() checked after lock()
}

void GroundStation::connect(const std::string &serial) {
  link_ = std::make_shared<RadioLink>(serial);
  battery_.attach(link_);
}

void GroundStation::armGeofence(double radiusM) {
  std::shared_ptr<RadioLink> link = link_;
  geofenceBreach_ = [link, radiusM](double distanceM) {
    if (distanceM > radiusM)
      link->send("COMMAND_LONG RTL"); // BUG: use-after-close
  };
}

void GroundStation::onPositionUpdate(double distanceM) {
  if (geofenceBreach_)
    geofenceBreach_(distanceM);
}

void GroundStation::returnToHome() {
  link_->send("COMMAND_LONG RTL");
  link_->close();
  link_.reset();
}

void GroundStation::relink(const std::string &serial) {
  if (link_)
    return;
  link_ = std::make_shared<RadioLink>(serial);
  link_->send("HEARTBEAT"); // OK: a new link replaced the closed one
  battery_.attach(link_);
}

int main() {
  BatteryMonitor battery;
  GroundStation station(battery);
  station.connect("/dev/ttyACM0");
  station.armGeofence(500.0);
  station.onPositionUpdate(120.0);
  station.returnToHome();
  battery.onCellImbalance(42.0);
  battery.onLowVoltage(13.9);
  station.onPositionUpdate(650.0);
  station.relink("/dev/ttyACM1");
  battery.onLowVoltage(13.7); // OK: attached to the new, open link
  return 0;
}
