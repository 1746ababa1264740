// Producer rotation in an ingestion service. When broker credentials expire
// the shippers flush and close their kafka::KafkaProducer (send() after
// close() fails) and continue on a fresh producer: a unique_ptr re-assigned
// from createProducer()/make_unique, a std::optional reset and emplaced, or
// a member assigned a newly constructed producer. The upstream
// net::Connection pool (send() throws once closed) replaces rotated
// endpoints the same way.
// Correct (no defect): on every path the object used after a close is the
// replacement, never the closed one.
#include "messaging.h"
#include "netconn.h"

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ingest {

class MetricsShipper {
public:
  explicit MetricsShipper(std::string Brokers);
  void ship(const std::string &Line);
  void rotateCredentials();
  void onFatalError(const std::string &Why);

private:
  std::string Brokers;
  std::unique_ptr<kafka::KafkaProducer> Producer;
  unsigned Rotations = 0;
};

class AuditSink {
public:
  explicit AuditSink(std::string Brokers) : Brokers(std::move(Brokers)) { Producer.emplace(this->Brokers); }
  void record(const std::string &Event) { Producer->send({"audit", Event}); }
  void reopen(const std::string &NewBrokers);

private:
  std::string Brokers;
  std::optional<kafka::KafkaProducer> Producer;
};

class DeadLetterForwarder {
public:
  explicit DeadLetterForwarder(std::string Brokers) : Brokers(std::move(Brokers)), Producer(this->Brokers) {}
  void forward(const std::string &Payload);
  void restart();

private:
  std::string Brokers;
  kafka::KafkaProducer Producer;
};

MetricsShipper::MetricsShipper(std::string B)
    : Brokers(std::move(B)), Producer(kafka::createProducer(Brokers)) {}

void MetricsShipper::ship(const std::string &Line) { Producer->send({"metrics", Line}); }

void MetricsShipper::rotateCredentials() {
  Producer->flush();
  Producer->close(std::chrono::milliseconds(500));
  Producer = kafka::createProducer(Brokers);
  ++Rotations;
  Producer->send({"metrics.meta", "rotated " + std::to_string(Rotations)}); // OK: fresh producer
}

void MetricsShipper::onFatalError(const std::string &Why) {
  Producer->close();
  if (Why == "auth")
    Producer = std::make_unique<kafka::KafkaProducer>(Brokers);
  else
    Producer = kafka::createProducer(Brokers);
  Producer->send({"metrics.meta", "recovered after " + Why}); // OK: replaced on both branches
}

void AuditSink::reopen(const std::string &NewBrokers) {
  if (Producer) {
    Producer->flush();
    Producer->close();
    Producer.reset();
  }
  Brokers = NewBrokers;
  Producer.emplace(Brokers);
  Producer->send({"audit", "sink reopened"}); // OK: emplaced a new producer
}

void DeadLetterForwarder::forward(const std::string &Payload) {
  Producer.send({"dead-letter", Payload});
}

void DeadLetterForwarder::restart() {
  Producer.flush();
  Producer.close();
  Producer = kafka::KafkaProducer(Brokers);
  Producer.send({"dead-letter.meta", "forwarder restarted"}); // OK: assigned a new producer
}

class UpstreamPool {
public:
  explicit UpstreamPool(const std::vector<std::string> &Endpoints) {
    for (const std::string &E : Endpoints)
      Conns.push_back(std::make_unique<net::Connection>(E));
  }
  void applyRotation(const std::set<std::string> &Retired, const std::string &Replacement);

private:
  std::vector<std::unique_ptr<net::Connection>> Conns;
};

void UpstreamPool::applyRotation(const std::set<std::string> &Retired,
                                 const std::string &Replacement) {
  for (std::unique_ptr<net::Connection> &C : Conns) {
    if (Retired.count(C->endpoint()) != 0) {
      C->flush();
      C->close();
      C = std::make_unique<net::Connection>(Replacement);
    }
    C->send("hello"); // OK: retired connections were replaced above
  }
}

} // namespace ingest
