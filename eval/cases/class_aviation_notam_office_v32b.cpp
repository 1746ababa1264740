// Air navigation service provider: the NOTAM (notice to airmen) office
// publishes notices per flight information region on a Kafka producer,
// streams sector hand-off notes to the area control centre over a Cassandra
// streaming channel, and posts pilot-briefing lines on an EventChannel. The
// producer is replaced with a fresh one at the AIRAC cycle rollover. At
// shutdown the office closes the producer and then reports itself offline.
#include "messaging.h"

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace notam {

struct Notice {
  std::string fir;
  std::string id;
  std::string text;
};

class NotamOffice {
public:
  NotamOffice(std::string brokers, cassandra::StreamingMultiplexedChannel &acc, EventChannel &briefing)
      : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)), acc_(acc), briefing_(briefing) {}

  void publish(const Notice &n) {
    producer_->send({"notam." + n.fir, n.id + " " + n.text});
    if (briefing_.isOpen())
      briefing_.send(n.id + ": " + n.text); // OK: isOpen() checked
  }

  void airacRollover() {
    producer_->flush();
    producer_->close(std::chrono::seconds(5));
    producer_ = kafka::createProducer(brokers_);
    producer_->send({"notam.meta", "AIRAC cycle rolled over"}); // OK: a fresh producer
  }

  void sectorHandoff(const std::string &from, const std::string &to) {
    if (acc_.isClosed())
      return;
    acc_.sendMessage(acc_.controlChannel(), {"HANDOFF", from + "->" + to}); // OK: isClosed() checked
  }

  void withdraw(const std::vector<Notice> &cancelled) {
    if (producer_->isClosed())
      return;
    for (const Notice &n : cancelled)
      producer_->send({"notam." + n.fir, n.id + " CANCELLED"}); // OK: isClosed() checked
    producer_->flush();
  }

  void shutdown() {
    producer_->flush();
    producer_->close(std::chrono::milliseconds(2000));
    reportStatus("offline"); // BUG: use-after-close #offline
    acc_.sendControlMessage({"OFFICE", "offline"});
    acc_.close();
  }

  void closeBriefing(bool emergencyPending) {
    briefing_.send("briefing desk closing");
    briefing_.close();
    if (emergencyPending)
      briefing_.send("EMERGENCY NOTAM follows"); // BUG: use-after-close
  }

private:
  void reportStatus(const std::string &state) {
    producer_->send({"notam.status", "office " + state}); // SAME: offline
  }

  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  cassandra::StreamingMultiplexedChannel &acc_;
  EventChannel &briefing_;
};

} // namespace notam
