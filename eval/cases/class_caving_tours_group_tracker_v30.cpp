// Show-cave tour tracker: guides' radio beacons check in at chamber gates;
// check-ins are consumed from Kafka, processed on a small worker pool, and the
// resulting group positions are published for the visitor centre screen. At
// the end of the day the tracker drains and shuts down. Negative case: the
// pool is shut down (and its tasks joined) before the producer is closed,
// closeForDay (also run by the destructor) does its work once behind a flag,
// and after a broker failure the producer is replaced by a fresh one before
// anything is sent again.
#include "messaging.h"
#include "scheduler.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct CheckIn {
  std::string group;
  std::string gate; // "cathedral", "sump-2", ...
};

class CaveTracker {
public:
  CaveTracker(RdKafka::KafkaConsumer &consumer, std::string brokers)
      : consumer_(consumer), brokers_(std::move(brokers)),
        producer_(kafka::createProducer(brokers_)), pool_(2) {}
  ~CaveTracker() { closeForDay(); } // OK

  void onCheckIns(const std::vector<CheckIn> &batch);
  void recoverProducer();
  void closeForDay();

private:
  void publishPosition(const std::string &group, const std::string &gate);

  RdKafka::KafkaConsumer &consumer_;
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  Scheduler pool_;
  std::mutex mu_;
  std::map<std::string, std::string> lastGate_;
  bool dayClosed_ = false;
};

void CaveTracker::publishPosition(const std::string &group, const std::string &gate) {
  std::lock_guard<std::mutex> lock(mu_);
  lastGate_[group] = gate;
  producer_->send({"cave.groups.position", group + "@" + gate}); // OK
}

void CaveTracker::onCheckIns(const std::vector<CheckIn> &batch) {
  for (const CheckIn &c : batch)
    pool_.submit([this, c] { publishPosition(c.group, c.gate); }); // OK
  pool_.wait();
  consumer_.commitSync();
}

void CaveTracker::recoverProducer() {
  std::lock_guard<std::mutex> lock(mu_);
  producer_->close();
  producer_ = kafka::createProducer(brokers_);
  producer_->send({"cave.groups.position", "tracker-reconnected"}); // OK
}

void CaveTracker::closeForDay() {
  if (dayClosed_)
    return;
  dayClosed_ = true;
  pool_.shutdown();
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto &entry : lastGate_)
      producer_->send({"cave.groups.final", entry.first + "@" + entry.second}); // OK
    producer_->flush();
    producer_->close();
  }
  consumer_.commitSync();
  consumer_.close();
}

void trackingDay(CaveTracker &tracker, const std::vector<std::vector<CheckIn>> &batches,
                 int brokerFailureAt) {
  int i = 0;
  for (const auto &batch : batches) {
    if (i++ == brokerFailureAt)
      tracker.recoverProducer();
    tracker.onCheckIns(batch);
  }
  tracker.closeForDay();
}

void emergencyRollCall(EventChannel &rescue, const std::vector<std::string> &missingGroups,
                       bool handOverToRescueTeam) {
  if (!rescue.isOpen())
    return;
  for (const std::string &g : missingGroups)
    rescue.send("missing: " + g);
  if (handOverToRescueTeam) {
    rescue.send("handover to cave rescue");
    rescue.close();
    return;
  }
  rescue.send("roll call complete"); // OK
}
