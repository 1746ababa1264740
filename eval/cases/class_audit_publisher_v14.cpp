// Audit trail publisher for an admin service. AuditPublisher owns a
// kafka::KafkaProducer (messaging.h: send() after close() fails; close() twice
// is an error). stop() is guarded by stopped_ and is also called by the
// destructor; reconnect() swaps in a new producer. Defect: failFast() closes
// the producer without setting stopped_, so replay() then sends its critical
// "finished" record on the closed producer, and the destructor's stop() closes
// the producer a second time.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct AdminEvent {
  std::string user;
  std::string action;
  bool corrupt;
};

class AuditPublisher {
public:
  explicit AuditPublisher(std::string brokers)
      : brokers_(std::move(brokers)), producer_(kafka::createProducer(brokers_)) {}
  ~AuditPublisher() { stop(); }
  AuditPublisher(const AuditPublisher &) = delete;
  AuditPublisher &operator=(const AuditPublisher &) = delete;

  void record(const AdminEvent &e) {
    if (producer_->isClosed()) {
      ++dropped_;
      return;
    }
    producer_->send({"audit", e.user + ":" + e.action}); // OK: guarded by isClosed() just above
  }

  void recordCritical(const std::string &what) {
    producer_->send({"audit.critical", what}); // SAME: critical_after_failfast
  }

  void reconnect() {
    producer_->close();
    producer_ = kafka::createProducer(brokers_);
    producer_->send({"audit", "publisher reconnected"}); // OK: producer_ now holds the new producer
  }

  void failFast(const std::string &why) {
    std::fprintf(stderr, "audit: giving up: %s\n", why.c_str());
    producer_->close(std::chrono::milliseconds(0));
  }

  void stop() {
    if (stopped_)
      return;
    stopped_ = true;
    producer_->close(); // closed again at the end: a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
  }

  long dropped() const { return dropped_; }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  bool stopped_ = false;
  long dropped_ = 0;
};

void replay(AuditPublisher &pub, const std::vector<AdminEvent> &events) {
  for (const AdminEvent &e : events) {
    if (e.corrupt) {
      pub.failFast("corrupt event from " + e.user);
      break;
    }
    pub.record(e); // OK: failFast() is followed by break, and record() checks isClosed() anyway
  }
  pub.recordCritical("replay finished: " + std::to_string(events.size()) + " events"); // BUG: use-after-close #critical_after_failfast
}

int main() {
  const std::vector<AdminEvent> events = {
      {"alice", "grant role=admin", false},
      {"bob", "rotate-keys", false},
      {"\x01\x02", "", true},
      {"carol", "delete project=legacy", false},
  };
  {
    AuditPublisher pub("kafka-1:9092,kafka-2:9092");
    pub.reconnect();
    try {
      replay(pub, events);
    } catch (const std::exception &ex) {
      std::fprintf(stderr, "replay failed: %s\n", ex.what());
    }
  } // a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
  {
    AuditPublisher pub("kafka-1:9092");
    pub.stop();
    pub.record({"ops", "maintenance window", false}); // OK: record() sees isClosed() and drops the event
  } // OK: stop() already set stopped_, so the destructor does not close again
  return 0;
}
