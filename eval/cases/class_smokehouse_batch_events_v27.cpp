// Smokehouse batch events. Every smoking chamber reports probe temperatures
// and door events to Kafka; a chamber's local display gets the same events on
// an EventChannel. retireChamber() takes a chamber out of service for cleaning;
// shutdown() stops the whole publisher at the end of the production day.
#include "messaging.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

struct ProbeReading {
  int chamber;
  double coreCelsius;
  double smokeCelsius;
};

class SmokehouseEvents {
public:
  explicit SmokehouseEvents(const std::string &brokers)
      : brokers_(brokers), producer_(kafka::createProducer(brokers)) {}

  void addChamber(int id, std::unique_ptr<EventChannel> display);
  void publish(const ProbeReading &r);
  void doorOpened(int chamber);
  void retireChamber(int chamber);
  void reconnect();
  void shutdown();

private:
  static std::string format(const ProbeReading &r);

  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::map<int, std::unique_ptr<EventChannel>> displays_;
};

std::string SmokehouseEvents::format(const ProbeReading &r) {
  return "chamber=" + std::to_string(r.chamber) + " core=" + std::to_string(r.coreCelsius) +
         " smoke=" + std::to_string(r.smokeCelsius);
}

void SmokehouseEvents::addChamber(int id, std::unique_ptr<EventChannel> display) {
  displays_[id] = std::move(display);
}

void SmokehouseEvents::publish(const ProbeReading &r) {
  if (producer_->isClosed())
    return;
  producer_->send({"smokehouse.probes", format(r)}); // OK
  auto it = displays_.find(r.chamber);
  if (it != displays_.end() && it->second->isOpen())
    it->second->send(format(r)); // OK
}

void SmokehouseEvents::doorOpened(int chamber) {
  producer_->send({"smokehouse.doors", "chamber=" + std::to_string(chamber) + " door=open"});
  if (producer_->pendingCount() > 500)
    producer_->flush();
}

void SmokehouseEvents::retireChamber(int chamber) {
  auto it = displays_.find(chamber);
  if (it == displays_.end())
    return;
  EventChannel &display = *it->second;
  display.close();
  display.send("chamber " + std::to_string(chamber) + " out of service"); // BUG: use-after-close
  displays_.erase(it);
  producer_->send({"smokehouse.status", "chamber=" + std::to_string(chamber) + " retired"});
}

void SmokehouseEvents::reconnect() {
  producer_->close(std::chrono::milliseconds(2000));
  producer_ = kafka::createProducer(brokers_);
  producer_->send({"smokehouse.status", "publisher reconnected"}); // OK
}

void SmokehouseEvents::shutdown() {
  for (auto &entry : displays_)
    entry.second->close();
  producer_->close();
  producer_->flush(); // BUG: use-after-close
}

int endOfDay(SmokehouseEvents &events, const ProbeReading &last, bool brokerFlapped) {
  events.publish(last);
  if (brokerFlapped)
    events.reconnect();
  events.doorOpened(last.chamber);
  events.retireChamber(last.chamber);
  events.shutdown();
  return 0;
}
