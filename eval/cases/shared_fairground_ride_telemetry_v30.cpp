// Travelling fairground: every ride (waltzer, ghost train, big wheel) reports
// cycle counts and brake temperatures to the showman's office through a Kafka
// producer shared by the ride sensors. When the fair moves to the next town
// the uplink is rotated to that site's broker.
#include "messaging.h"

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using ProducerPtr = std::shared_ptr<kafka::KafkaProducer>;

class RideSensor {
public:
  RideSensor(std::string ride, ProducerPtr producer)
      : ride_(std::move(ride)), producer_(std::move(producer)) {}

  void cycleDone(int riders, double brakeC) {
    ++cycles_;
    producer_->send({"fair.rides", ride_ + " cycle=" + std::to_string(cycles_) + // SAME: fair-sensor
                                       " riders=" + std::to_string(riders) +
                                       " brake=" + std::to_string(brakeC)});
  }

  const std::string &ride() const { return ride_; }

private:
  std::string ride_;
  ProducerPtr producer_;
  int cycles_ = 0;
};

class ShowmansUplink {
public:
  explicit ShowmansUplink(const std::string &brokers)
      : producer_(std::make_shared<kafka::KafkaProducer>(brokers)) {}

  RideSensor &addRide(const std::string &ride) {
    auto it = sensors_.insert_or_assign(ride, RideSensor(ride, producer_)).first;
    return it->second;
  }

  RideSensor *sensor(const std::string &ride) {
    auto it = sensors_.find(ride);
    return it == sensors_.end() ? nullptr : &it->second;
  }

  void moveTo(const std::string &town, const std::string &brokers) {
    if (!producer_->isClosed()) {
      producer_->send({"fair.moves", "leaving for " + town});
      producer_->flush();
      producer_->close();
    }
    producer_ = std::make_shared<kafka::KafkaProducer>(brokers);
    producer_->send({"fair.moves", "arrived in " + town}); // OK
  }

  void rebindSensors() {
    std::map<std::string, RideSensor> fresh;
    for (auto &entry : sensors_)
      fresh.emplace(entry.first, RideSensor(entry.first, producer_));
    sensors_.swap(fresh);
  }

  void closeSeason() {
    if (producer_->isClosed())
      return;
    producer_->flush();
    producer_->close();
  }

  void inspection(const std::string &ride, bool passed) {
    if (producer_->isClosed())
      return;
    producer_->send({"fair.inspections", ride + (passed ? " passed" : " failed")}); // OK
  }

private:
  ProducerPtr producer_;
  std::map<std::string, RideSensor> sensors_;
};

void weekendInTown(const std::string &homeBrokers, const std::string &town,
                   const std::string &brokers) {
  ShowmansUplink uplink(homeBrokers);
  RideSensor &waltzer = uplink.addRide("waltzer");
  RideSensor &ghostTrain = uplink.addRide("ghost-train");
  waltzer.cycleDone(28, 61.0);
  ghostTrain.cycleDone(12, 40.5);

  uplink.moveTo(town, brokers);
  uplink.inspection("waltzer", true);
  waltzer.cycleDone(30, 58.0); // BUG: use-after-close #fair-sensor
}

void moveAndRebind(ShowmansUplink &uplink, const std::string &town, const std::string &brokers) {
  uplink.moveTo(town, brokers);
  uplink.rebindSensors();
  if (RideSensor *wheel = uplink.sensor("big-wheel"))
    wheel->cycleDone(40, 35.0); // OK
  uplink.closeSeason();
  uplink.closeSeason(); // OK
  uplink.inspection("big-wheel", true); // OK
}
