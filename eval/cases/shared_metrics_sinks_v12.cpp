// Metrics pipeline whose kafka::KafkaProducer and EventChannel are shared:
// the reporter keeps a shared_ptr member, sink callbacks (std::function) hold
// their own copies, an alert router holds a weak_ptr. Bugs: reconnect()
// closes the producer and points the member at a new one, but the sink made
// earlier still owns the old, closed producer; the alert router's lock()
// succeeds because a sink still owns the closed producer; the audit trail
// sends on the EventChannel that the dispatcher, its co-owner, closed in
// stop(); the final report goes through the member after shutdown().
#include "messaging.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>

class MetricsReporter {
public:
  explicit MetricsReporter(std::string Brokers)
      : Brokers(Brokers), Producer(std::make_shared<kafka::KafkaProducer>(Brokers)) {}

  std::function<void(const std::string &)> sink() {
    std::shared_ptr<kafka::KafkaProducer> P = Producer;
    return [P](const std::string &Line) { P->send({"metrics", Line}); }; // SAME: stale
  }
  std::weak_ptr<kafka::KafkaProducer> weak() const { return Producer; }
  void reconnect() {
    Producer->close();
    Producer = std::make_shared<kafka::KafkaProducer>(Brokers);
  }
  void report(const std::string &Line) { Producer->send({"metrics", Line}); } // SAME: afterstop
  void shutdown() { Producer->close(); }

private:
  std::string Brokers;
  std::shared_ptr<kafka::KafkaProducer> Producer;
};

class AlertRouter {
public:
  explicit AlertRouter(std::weak_ptr<kafka::KafkaProducer> P) : Producer(std::move(P)) {}
  void alert(const std::string &What) {
    if (auto P = Producer.lock())
      P->send({"alerts", What}); // SAME: weaklock
  }

private:
  std::weak_ptr<kafka::KafkaProducer> Producer;
};

class Dispatcher {
public:
  explicit Dispatcher(std::shared_ptr<EventChannel> Ch) : Ch(std::move(Ch)) {}
  void dispatch(const std::string &E) { Ch->send(E); }
  void stop() { Ch->close(); }

private:
  std::shared_ptr<EventChannel> Ch;
};

class AuditTrail {
public:
  explicit AuditTrail(std::shared_ptr<EventChannel> Ch) : Ch(std::move(Ch)) {}
  void record(const std::string &E) { Ch->send("audit:" + E); } // SAME: coowner

private:
  std::shared_ptr<EventChannel> Ch;
};

int main() {
  MetricsReporter Reporter("kafka-1:9092");
  auto Emit = Reporter.sink();
  AlertRouter Alerts(Reporter.weak());
  Emit("cpu=0.41");
  Alerts.alert("disk 92%");
  Reporter.reconnect();
  Reporter.report("reconnected"); // OK: the member now owns the new producer
  Emit("cpu=0.57"); // BUG: use-after-close #stale
  Alerts.alert("disk 97%"); // BUG: use-after-close #weaklock

  auto Events = std::make_shared<EventChannel>();
  Dispatcher D(Events);
  AuditTrail Audit(Events);
  D.dispatch("order-created");
  Audit.record("order-created");
  D.stop();
  Events = std::make_shared<EventChannel>();
  Events->send("order-shipped"); // OK: Events was reassigned to a new channel
  Audit.record("order-shipped"); // BUG: use-after-close #coowner
  Reporter.shutdown();
  Reporter.report("metrics stopped"); // BUG: use-after-close #afterstop
  return 0;
}
