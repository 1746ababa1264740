// IoT gateway uplink: a TelemetryClient publishes sensor readings to a broker
// through a BrokerLink. When the link goes stale the client closes it and builds
// a fresh one (unique_ptr reassigned); a standby link for a second region lives
// in a std::optional, armed with emplace() and dropped with reset().
// BrokerLink semantics: publish() throws std::runtime_error once closed;
// close() on a closed link throws std::logic_error (the socket would be shut
// down twice).
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class BrokerLink {
public:
  explicit BrokerLink(std::string host) : host_(std::move(host)) {}

  void publish(const std::string &topic, const std::string &payload) {
    if (closed_)
      throw std::runtime_error("broker link to " + host_ + " is closed");
    ++sent_;
    std::printf("[%s] %s = %s\n", host_.c_str(), topic.c_str(), payload.c_str());
  }

  void close() {
    if (closed_)
      throw std::logic_error("broker link to " + host_ + " closed twice");
    closed_ = true;
  }

  bool isOpen() const { return !closed_; }
  bool stale() const { return sent_ > 0 && sent_ % 100 == 0; }

private:
  std::string host_;
  int sent_ = 0;
  bool closed_ = false;
};

// The reachability probe: operators set UPLINK_OFFLINE during maintenance.
static bool brokerReachable(const std::string &host) {
  return !host.empty() && std::getenv("UPLINK_OFFLINE") == nullptr;
}

class TelemetryClient {
public:
  explicit TelemetryClient(std::string host)
      : host_(std::move(host)), link_(std::make_unique<BrokerLink>(host_)) {}

  // Rebuilds the uplink. Returns false, leaving the closed link in place, when
  // the broker cannot be reached.
  bool reconnect() {
    if (link_->isOpen())
      link_->close(); // OK: guarded, a failed earlier reconnect already closed it
    if (!brokerReachable(host_))
      return false;
    link_ = std::make_unique<BrokerLink>(host_);
    link_->publish("gw/status", "reconnected"); // OK: fresh link
    return true;
  }

  void publishReading(const std::string &sensor, double value) {
    if (link_->stale())
      reconnect(); // result ignored: a failed reconnect leaves link_ closed
    link_->publish("gw/" + sensor, std::to_string(value)); // BUG: use-after-close
  }

  void armStandby(const std::string &host) {
    if (standby_)
      standby_->close(); // SAME: rearm
    standby_.emplace(host);
    standby_->publish("gw/status", "standby armed"); // OK: emplace built a fresh link
  }

  void dropStandby() {
    if (standby_) {
      standby_->close();
      standby_.reset();
    }
  }

  // Maintenance window: the standby is closed but the slot stays engaged.
  void pauseStandby() {
    if (standby_)
      standby_->close();
  }

  void mirror(const std::string &sensor, double value) {
    if (standby_)
      standby_->publish("mirror/" + sensor, std::to_string(value)); // SAME: paused
  }

private:
  std::string host_;
  std::unique_ptr<BrokerLink> link_;
  std::optional<BrokerLink> standby_;
};

static void regionFailover(TelemetryClient &client) {
  client.armStandby("broker-eu2.iot.internal");
  client.mirror("boiler_temp", 71.5); // OK: standby freshly armed
  client.dropStandby();
  client.mirror("boiler_temp", 71.9); // OK: reset() disengaged the slot, mirror skips it
  client.armStandby("broker-eu3.iot.internal");
  client.mirror("boiler_temp", 72.0); // OK: re-armed after reset
}

static void maintenanceWindow(TelemetryClient &client) {
  client.pauseStandby();
  client.mirror("boiler_temp", 72.4); // BUG: use-after-close #paused
}

static void endOfMaintenance(TelemetryClient &client) {
  client.armStandby("broker-eu2.iot.internal"); // BUG: double-close #rearm
}

int main() {
  TelemetryClient client("broker-eu1.iot.internal");
  try {
    for (int minute = 0; minute < 240; ++minute)
      client.publishReading("boiler_temp", 70.0 + (minute % 30) * 0.1);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "uplink: %s\n", e.what());
  }
  try {
    regionFailover(client);
    maintenanceWindow(client);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "uplink: %s\n", e.what());
  }
  try {
    endOfMaintenance(client);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "uplink: %s\n", e.what());
  }
  if (client.reconnect())
    client.publishReading("boiler_temp", 72.8); // OK: reconnect built a new link
  return 0;
}
