// Trading order gateway: fills are published to Kafka through a
// std::unique_ptr<kafka::KafkaProducer> (send() after close() fails). When the
// broker list changes the gateway closes the producer and installs a fresh
// one in the same member; the closed producer is parked in retired_ until its
// delivery reports have been collected. failover() swaps in a warm standby.
// Defects: replay() keeps publishing through a raw pointer taken before a
// mid-replay rebalance, and shutdown() ends with a helper that sends on the
// producer it has just closed.
#include <messaging.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace gateway {

struct Fill {
  std::string orderId;
  std::string symbol;
  long qty = 0;
  double px = 0;
  std::string serialize() const {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s|%s|%ld|%.4f", orderId.c_str(),
                  symbol.c_str(), qty, px);
    return buf;
  }
};

class FillPublisher {
public:
  explicit FillPublisher(std::string brokers)
      : brokers_(std::move(brokers)),
        producer_(kafka::createProducer(brokers_)),
        standby_(std::make_unique<kafka::KafkaProducer>(brokers_)) {}

  void publish(const Fill &f) { producer_->send({"fills", f.serialize()}); }

  void rebalance(const std::string &brokers) {
    producer_->flush();
    producer_->close();
    retired_.push_back(std::move(producer_));
    brokers_ = brokers;
    producer_ = kafka::createProducer(brokers_);
    producer_->send({"gateway.events", "rebalanced " + brokers_}); // OK: fresh producer in the member
  }

  // The primary is unhealthy: promote the standby and rebuild a new standby.
  void failover() {
    std::swap(producer_, standby_);
    standby_->close(); // closes the old primary
    standby_ = std::make_unique<kafka::KafkaProducer>(brokers_);
    producer_->send({"gateway.events", "failover"}); // OK: producer_ holds the promoted standby
  }

  // Re-publishes fills after a gap; the broker list may move half-way.
  void replay(const std::vector<Fill> &fills, const std::string &brokersAfter) {
    kafka::KafkaProducer *p = producer_.get();
    for (size_t i = 0; i < fills.size(); ++i) {
      if (i == fills.size() / 2 && brokersAfter != brokers_)
        rebalance(brokersAfter);
      p->send({"fills.replay", fills[i].serialize()}); // BUG: use-after-close
    }
  }

  void shutdown() {
    producer_->flush();
    producer_->close();
    standby_->close();
    for (auto &r : retired_)
      if (!r->isClosed())
        r->close(); // OK: only retired producers that are still open
    publishSessionEnd(); // BUG: use-after-close #sessend
  }

private:
  void publishSessionEnd() {
    producer_->send({"gateway.events", "session end " + brokers_}); // SAME: sessend
  }

  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  std::unique_ptr<kafka::KafkaProducer> standby_;
  std::vector<std::unique_ptr<kafka::KafkaProducer>> retired_;
};

} // namespace gateway

int main() {
  gateway::FillPublisher pub("kafka-a1:9092,kafka-a2:9092");
  std::vector<gateway::Fill> gap{{"o-1", "ESZ4", 3, 5012.25},
                                 {"o-2", "NQZ4", 1, 18020.5},
                                 {"o-3", "ESZ4", -2, 5012.5},
                                 {"o-4", "CLF5", 10, 71.12}};
  pub.publish(gap[0]);
  pub.failover();
  pub.publish(gap[1]); // OK: failover() closed the old primary, not the promoted one
  pub.replay(gap, "kafka-b1:9092,kafka-b2:9092");
  pub.shutdown();
  return 0;
}
