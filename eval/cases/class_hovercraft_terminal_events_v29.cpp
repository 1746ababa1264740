// Hovercraft passenger terminal: publishes boarding scans and craft telemetry (skirt
// pressure, lift fan rpm) to Kafka. When the crossing is suspended for weather the
// producer is flushed and closed; passengers holding tickets for the suspended
// sailings are then told about the cancellation, and service resumes with a new producer.
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Ticket {
  std::string booking_ref;
  std::string sailing;
  std::string phone;
};

struct CraftSample {
  std::string craft;
  double skirt_kpa = 0.0;
  int lift_fan_rpm = 0;
};

class TerminalPublisher {
public:
  explicit TerminalPublisher(std::string brokers);
  void publishBoarding(const Ticket &t, const std::string &gate);
  void publishTelemetry(const std::vector<CraftSample> &samples);
  void suspendService(const std::string &reason);
  void notifyCancellations(const std::vector<Ticket> &held);
  void resumeService();
  void shutdown();
  bool suspended() const { return suspended_; }

private:
  kafka::ProducerRecord record(const char *topic, std::string value) const {
    return kafka::ProducerRecord{topic, std::move(value)};
  }
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  bool suspended_ = false;
};

TerminalPublisher::TerminalPublisher(std::string brokers)
    : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)) {}

void TerminalPublisher::publishBoarding(const Ticket &t, const std::string &gate) {
  if (suspended_)
    return;
  producer_->send(record("terminal.boarding", t.booking_ref + "|" + t.sailing + "|" + gate)); // OK
}

void TerminalPublisher::publishTelemetry(const std::vector<CraftSample> &samples) {
  if (suspended_ || samples.empty())
    return;
  for (const CraftSample &s : samples) {
    std::string v = s.craft + "|" + std::to_string(s.skirt_kpa) + "|" + std::to_string(s.lift_fan_rpm);
    producer_->send(record("craft.telemetry", std::move(v))); // OK
  }
}

void TerminalPublisher::suspendService(const std::string &reason) {
  if (suspended_)
    return;
  producer_->send(record("terminal.status", "SUSPENDED|" + reason));
  producer_->flush();
  producer_->close();
  suspended_ = true;
}

void TerminalPublisher::notifyCancellations(const std::vector<Ticket> &held) {
  for (const Ticket &t : held) {
    if (t.phone.empty())
      continue;
    producer_->send(record("sms.outbound", t.phone + "|Sailing " + t.sailing + " cancelled")); // SAME: gale_sms
  }
}

void TerminalPublisher::resumeService() {
  if (!suspended_)
    return;
  producer_ = kafka::createProducer(brokers_);
  suspended_ = false;
  producer_->send(record("terminal.status", "RESUMED")); // OK
}

void TerminalPublisher::shutdown() {
  if (suspended_)
    return;
  producer_->flush(); // OK
  producer_->close();
  suspended_ = true;
}

void handle_gale_warning(TerminalPublisher &pub, const std::vector<Ticket> &next_sailings,
                         int beaufort) {
  if (beaufort < 7)
    return;
  pub.suspendService("gale force " + std::to_string(beaufort));
  pub.notifyCancellations(next_sailings); // BUG: use-after-close #gale_sms
}
