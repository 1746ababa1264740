// Upstream client of a config-driven edge proxy. On every config reload it
// replaces its connections and its Kafka producer: the upstream connection is
// a std::optional<net::Connection>, the producer a unique_ptr, and the
// primary/standby pair two unique_ptrs that are swapped on failover.
// net::Connection::send() throws "connection closed" after close();
// KafkaProducer::send() fails after close().
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>

struct ProxyConfig {
  std::string Upstream;
  std::string Brokers;
  std::string Primary;
  std::string Standby;
};

class UpstreamClient {
public:
  void apply(const ProxyConfig &Cfg) {
    reconnect(Cfg.Upstream);
    applyProducer(Cfg.Brokers);
    if (!Primary || Primary->endpoint() != Cfg.Primary) {
      if (Primary)
        Primary->close();
      Primary = std::make_unique<net::Connection>(Cfg.Primary);
    }
    if (!Standby || Standby->endpoint() != Cfg.Standby) {
      if (Standby)
        Standby->close();
      Standby = std::make_unique<net::Connection>(Cfg.Standby);
    }
  }

  void reconnect(const std::string &Endpoint) {
    if (Upstream)
      Upstream->close();
    Upstream.emplace(Endpoint);
    Upstream->send("HELLO proxy/2"); // OK: emplace() constructed a fresh connection
  }

  // Called when the upstream sends GOAWAY. The author closes the connection
  // but keeps the optional engaged so that endpoint() still works for logs.
  void onGoAway() {
    if (Upstream)
      Upstream->close();
  }

  void forward(const std::string &Request) {
    if (Upstream)
      Upstream->send(Request); // SAME: goaway
  }

  void shutdownUpstream() {
    if (!Upstream)
      return;
    Upstream->close();
    Upstream.reset();
  }

  void forwardIfConnected(const std::string &Request) {
    if (Upstream && !Upstream->isClosed())
      Upstream->send(Request); // OK: reset() or isClosed() excludes a closed connection
  }

  // Rebuilds the producer when the broker list changes. Defect: the old
  // producer is closed unconditionally, but only replaced when the list
  // differs, so a reload with unchanged brokers leaves a closed producer.
  void applyProducer(const std::string &Brokers) {
    if (Producer)
      Producer->close();
    if (!Producer || Brokers != CurrentBrokers) {
      Producer = kafka::createProducer(Brokers);
      CurrentBrokers = Brokers;
    }
    Producer->send({"proxy.config", "reloaded brokers=" + Brokers}); // BUG: use-after-close
  }

  // Promotes the standby. The swap moves the failed primary into Standby; the
  // author then closes "the failed one" through the wrong member.
  void failover() {
    std::swap(Primary, Standby);
    Primary->close();
    Primary->send("PROMOTE"); // BUG: use-after-close
  }

  // Correct failover, used by the health checker.
  void failoverChecked() {
    std::swap(Primary, Standby);
    Standby->close();
    Primary->send("PROMOTE"); // OK: the closed connection is Standby after the swap
    Standby = std::make_unique<net::Connection>(Standby->endpoint());
    Standby->send("STANDBY"); // OK: fresh connection replaced the closed one
  }

  void audit(const std::string &Line) {
    if (Producer && !Producer->isClosed())
      Producer->send({"proxy.audit", Line}); // OK: isClosed() checked on the same thread
  }

private:
  std::optional<net::Connection> Upstream;
  std::unique_ptr<kafka::KafkaProducer> Producer;
  std::string CurrentBrokers;
  std::unique_ptr<net::Connection> Primary, Standby;
};

template <typename Fn> void step(const char *Name, Fn &&Body) {
  try {
    Body();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "%s failed: %s\n", Name, E.what());
  }
}

int main() {
  UpstreamClient Client;
  ProxyConfig Cfg{"origin-1:443", "kafka-a:9092", "db-1:5432", "db-2:5432"};
  step("initial config", [&] { Client.apply(Cfg); });
  step("request", [&] { Client.forward("GET /"); });
  Cfg.Upstream = "origin-2:443";
  step("reload", [&] { Client.apply(Cfg); }); // brokers unchanged
  step("goaway", [&] {
    Client.onGoAway();
    Client.forward("GET /again"); // BUG: use-after-close #goaway
  });
  step("optional request", [&] { Client.forwardIfConnected("GET /maybe"); });
  step("health failover", [&] { Client.failoverChecked(); });
  step("manual failover", [&] { Client.failover(); });
  step("shutdown", [&] {
    Client.shutdownUpstream();
    Client.forwardIfConnected("GET /late");
  });
  return 0;
}
