// Market-data feed client and its audit sink. The feed connection is a
// net::Connection held in a unique_ptr (netconn.h: send()/flush() throw
// "connection closed" once close() was called). The audit trail goes to a
// kafka::KafkaProducer held in a std::optional (send() after close() fails).
// On disconnect, resync and configuration reload the old object is closed
// and, on some of the paths, replaced by a new one.
#include "messaging.h"
#include "netconn.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace feed {

enum class DropReason { ServerRestart, Timeout, Kicked };

struct SinkConfig {
  std::string Brokers;
  std::string Topic;
};

class AuditSink {
public:
  explicit AuditSink(const SinkConfig &Cfg) : Brokers(Cfg.Brokers), Topic(Cfg.Topic) {
    Producer.emplace(Brokers);
  }
  void record(const std::string &Event) { Producer->send({Topic, Event}); }
  void reload(const SinkConfig &Cfg);
  void rotate();

private:
  std::string Brokers;
  std::string Topic;
  std::optional<kafka::KafkaProducer> Producer;
};

class FeedClient {
public:
  FeedClient(std::string Endpoint, AuditSink &Audit)
      : Endpoint(std::move(Endpoint)), Audit(Audit),
        Conn(std::make_unique<net::Connection>(this->Endpoint)) {}
  void subscribe(const std::string &Symbol);
  void onDisconnect(DropReason Why);
  void resync();

private:
  std::string Endpoint;
  AuditSink &Audit;
  std::unique_ptr<net::Connection> Conn;
  std::vector<std::string> Subscriptions;
  unsigned Reconnects = 0;
};

void AuditSink::reload(const SinkConfig &Cfg) {
  Producer->flush();
  Producer->close();
  Topic = Cfg.Topic;
  if (Cfg.Brokers != Brokers) {
    Brokers = Cfg.Brokers;
    Producer.emplace(Brokers);
  }
  Producer->send({Topic, "audit configuration reloaded"}); // BUG: use-after-close
}

void AuditSink::rotate() {
  Producer->flush();
  Producer->close();
  Producer.reset();
  Producer.emplace(Brokers);
  Producer->send({Topic, "audit producer rotated"}); // OK: emplaced a new producer
}

void FeedClient::subscribe(const std::string &Symbol) {
  Subscriptions.push_back(Symbol);
  Conn->send("sub " + Symbol);
}

void FeedClient::onDisconnect(DropReason Why) {
  Conn->close();
  Audit.record("feed dropped from " + Endpoint);
  if (Why == DropReason::ServerRestart || Why == DropReason::Timeout) {
    Conn = std::make_unique<net::Connection>(Endpoint);
    ++Reconnects;
  }
  for (const std::string &Symbol : Subscriptions)
    Conn->send("sub " + Symbol); // BUG: use-after-close
}

void FeedClient::resync() {
  Conn->flush();
  Conn->close();
  Conn = std::make_unique<net::Connection>(Endpoint);
  Conn->send("snapshot"); // OK: fresh connection
  for (const std::string &Symbol : Subscriptions)
    Conn->send("sub " + Symbol); // OK: fresh connection
}

} // namespace feed
