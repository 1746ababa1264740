// Canal boat hire yard: every narrowboat carries a bilge monitor that reports
// water level and pump runs to the yard over Kafka. The yard's telemetry hub
// creates one producer and hands shared_ptr copies of it to every boat's
// monitor. At the end of the season the hub closes the producer; when the
// yard's broker moves, the hub swaps in a producer for the new brokers, but
// the monitors keep the copies they were given.
#include "messaging.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

namespace canal {

class BilgeMonitor {
public:
  BilgeMonitor(std::string boat, std::shared_ptr<kafka::KafkaProducer> out)
      : boat_(std::move(boat)), out_(std::move(out)) {}

  void reportLevel(int mm) {
    out_->send({"bilge.level", boat_ + ":" + std::to_string(mm)}); // SAME: bilge-level
  }

  void reportPumpRun(int seconds) {
    if (out_->isClosed())
      return;
    out_->send({"bilge.pump", boat_ + ":" + std::to_string(seconds)}); // OK
  }

private:
  std::string boat_;
  std::shared_ptr<kafka::KafkaProducer> out_;
};

class TelemetryHub {
public:
  explicit TelemetryHub(const std::string &brokers) : producer_(kafka::createProducer(brokers)) {}

  BilgeMonitor &addBoat(const std::string &name) {
    return boats_.emplace(name, BilgeMonitor(name, producer_)).first->second;
  }

  void endOfSeason() {
    producer_->flush();
    producer_->close();
  }

  void moveBrokers(const std::string &brokers) {
    producer_ = kafka::createProducer(brokers);
    producer_->send({"yard.hub", "moved to " + brokers}); // OK: the hub's own fresh producer
  }

private:
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::map<std::string, BilgeMonitor> boats_;
};

void winterLayUp(TelemetryHub &hub) {
  BilgeMonitor &kingfisher = hub.addBoat("Kingfisher");
  BilgeMonitor &heron = hub.addBoat("Heron");
  kingfisher.reportLevel(12);
  heron.reportPumpRun(35);
  hub.endOfSeason();
  heron.reportPumpRun(40); // OK: the monitor checks isClosed() first
  hub.moveBrokers("yard-b:9092");
  kingfisher.reportLevel(18); // BUG: use-after-close #bilge-level
}

} // namespace canal
