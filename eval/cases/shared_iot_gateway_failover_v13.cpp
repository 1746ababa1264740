// Edge gateway for IoT telemetry: sensor readings are published upstream over
// a DeviceLink owned by a shared_ptr. Periodic timers (pings, battery reports)
// are callbacks that hold only a weak_ptr to the link. failover() swaps a
// fresh link into the owner and then closes the old one; shutdown() clears the
// timers, closes the link and resets the owner. DeviceLink::publish() throws
// once the link is closed.
//
// No BUG: every callback locks its weak_ptr and checks isOpen() before
// publishing; after failover() the code publishes on the new link only; the
// old link is closed after it was swapped out, and report() checks the owner
// for null, which shutdown() leaves behind. close() is idempotent.
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DeviceLink {
public:
  explicit DeviceLink(std::string Broker) : Broker(std::move(Broker)) {}
  void publish(const std::string &Topic, const std::string &Payload) {
    if (Closed)
      throw std::runtime_error("device link to " + Broker + " closed");
    std::cout << Broker << " <- " << Topic << ": " << Payload << "\n";
  }
  void close() {
    if (Closed)
      return;
    std::cout << "disconnect " << Broker << "\n";
    Closed = true;
  }
  bool isOpen() const { return !Closed; }

private:
  std::string Broker;
  bool Closed = false;
};

class TelemetryGateway {
public:
  explicit TelemetryGateway(const std::string &Broker)
      : Uplink(std::make_shared<DeviceLink>(Broker)) {
    schedulePing();
  }

  void schedulePing() {
    std::weak_ptr<DeviceLink> Weak = Uplink;
    Timers.push_back([Weak] {
      std::shared_ptr<DeviceLink> L = Weak.lock();
      if (!L || !L->isOpen())
        return;
      L->publish("gateway/ping", "1"); // OK: locked and checked
    });
  }

  void failover(const std::string &Broker) {
    std::shared_ptr<DeviceLink> Old =
        std::exchange(Uplink, std::make_shared<DeviceLink>(Broker));
    Old->close();
    Uplink->publish("gateway/failover", Broker); // OK: Uplink is the fresh link
    schedulePing();
  }

  void report(const std::string &Sensor, double Value) {
    if (std::shared_ptr<DeviceLink> L = Uplink)
      L->publish("sensors/" + Sensor, std::to_string(Value));
  }

  void runTimers() {
    for (std::function<void()> &T : Timers)
      T();
  }

  void shutdown() {
    Timers.clear();
    if (!Uplink)
      return;
    Uplink->close();
    Uplink.reset();
  }

  ~TelemetryGateway() { shutdown(); }

private:
  std::shared_ptr<DeviceLink> Uplink;
  std::vector<std::function<void()>> Timers;
};

int main() {
  TelemetryGateway Gw("mqtt-eu-1.fleet.example:8883");
  Gw.report("boiler-7/temp", 71.5);
  Gw.runTimers();

  Gw.failover("mqtt-eu-2.fleet.example:8883");
  Gw.runTimers(); // the old link's ping finds it expired or closed
  Gw.report("boiler-7/temp", 72.0);

  Gw.shutdown();
  Gw.report("boiler-7/pressure", 1.9); // OK: dropped, the owner is null
  Gw.runTimers();
  return 0;
}
