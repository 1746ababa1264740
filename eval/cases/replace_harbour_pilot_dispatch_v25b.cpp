// Harbour pilot dispatch. Pilot boardings and disembarkations are published
// to the port authority's Kafka cluster and announced on the VHF relay. The
// dispatcher replaces its producer when the broker list changes and its VHF
// relay channel when the relay restarts. Every close below is followed, on
// every path that continues, by a fresh object in the same variable before it
// is used again, so no send reaches a closed producer or channel.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "messaging.h"

struct Boarding {
  std::string pilot;
  std::string vessel;
  std::string berth;
  bool inbound = true;
};

class PilotDispatch {
public:
  PilotDispatch(std::string brokers, std::string backupBrokers)
      : brokers_(std::move(brokers)), backup_(std::move(backupBrokers)),
        producer_(kafka::createProducer(brokers_)) {
    vhf_.emplace();
  }

  void publish(const Boarding &b) {
    producer_->send({"pilot.boardings", describe(b)});
    if (vhf_)
      vhf_->send("PILOT " + b.pilot + (b.inbound ? " BOARDING " : " LEAVING ") +
                 b.vessel);
  }

  void onBrokerListChanged(std::string brokers) {
    producer_->flush();
    producer_->close();
    brokers_ = std::move(brokers);
    producer_ = kafka::createProducer(brokers_);
    producer_->send({"pilot.control", "PRODUCER ROTATED"}); // OK
  }

  void onClusterDown(bool primaryBack) {
    producer_->close();
    if (primaryBack)
      producer_ = kafka::createProducer(brokers_);
    else
      producer_ = kafka::createProducer(backup_);
    producer_->send({"pilot.control", "FAILOVER"}); // OK
  }

  void onRelayRestart() {
    if (vhf_)
      vhf_->close();
    vhf_.emplace();
    vhf_->send("DISPATCH ONLINE"); // OK
  }

  void onRelayLost(bool relayDecommissioned) {
    if (!vhf_)
      return;
    vhf_->close();
    if (relayDecommissioned) {
      vhf_.reset();
      return;
    }
    vhf_.emplace();
    vhf_->send("RELAY RECONNECTED"); // OK
  }

  void handOver(const std::string &newBrokers) {
    std::unique_ptr<kafka::KafkaProducer> old = std::move(producer_);
    producer_ = kafka::createProducer(newBrokers);
    old->flush();
    old->close();
    producer_->send({"pilot.control", "WATCH HANDOVER"}); // OK
  }

  // Monthly pilotage invoices go to the finance cluster: one short-lived
  // producer per pilot so a bad batch does not hold up the others.
  void invoice(const std::vector<std::vector<Boarding>> &perPilot,
               const std::string &financeBrokers) {
    for (const std::vector<Boarding> &jobs : perPilot) {
      std::unique_ptr<kafka::KafkaProducer> billing =
          kafka::createProducer(financeBrokers);
      for (const Boarding &b : jobs)
        billing->send({"pilot.invoices", describe(b)}); // OK
      billing->flush();
      billing->close();
    }
  }

private:
  static std::string describe(const Boarding &b) {
    return b.pilot + "|" + b.vessel + "|" + b.berth + "|" +
           (b.inbound ? "IN" : "OUT");
  }

  std::string brokers_;
  std::string backup_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::optional<EventChannel> vhf_;
};
