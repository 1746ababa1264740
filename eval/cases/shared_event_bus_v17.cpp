// In-process event bus of a trading dashboard backend. Subscribers register
// callbacks that forward events to their client connections; the audit and
// metrics sinks share one Kafka producer through a shared_ptr.
// net::Connection::send() throws "connection closed" after close();
// KafkaProducer::send() fails after close() (a second close() is harmless).
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class EventBus {
public:
  using Handler = std::function<void(const std::string &)>;

  int subscribe(Handler H) {
    std::lock_guard<std::mutex> Lock(Mu);
    Handlers.emplace(NextId, std::move(H));
    return NextId++;
  }

  void unsubscribe(int Id) {
    std::lock_guard<std::mutex> Lock(Mu);
    Handlers.erase(Id);
  }

  void publish(const std::string &Event) {
    std::vector<Handler> Snapshot;
    {
      std::lock_guard<std::mutex> Lock(Mu);
      for (auto &Entry : Handlers)
        Snapshot.push_back(Entry.second);
    }
    for (Handler &H : Snapshot) {
      try {
        H(Event);
      } catch (const std::exception &E) {
        std::fprintf(stderr, "handler failed: %s\n", E.what());
      }
    }
  }

private:
  std::mutex Mu;
  std::map<int, Handler> Handlers;
  int NextId = 1;
};

// A websocket client of the dashboard. Defect: disconnect() closes the
// connection but the handler, which still holds the connection through its
// shared_ptr capture, is only unsubscribed when the client is destroyed.
class DashboardClient {
public:
  DashboardClient(EventBus &Bus, const std::string &Endpoint)
      : Bus(Bus), Conn(std::make_shared<net::Connection>(Endpoint)) {
    auto C = Conn;
    SubId = Bus.subscribe([C](const std::string &Event) {
      C->send("event:" + Event); // SAME: dashsend
    });
  }

  ~DashboardClient() { Bus.unsubscribe(SubId); }

  void disconnect() { Conn->close(); }

private:
  EventBus &Bus;
  std::shared_ptr<net::Connection> Conn;
  int SubId = 0;
};

// The same idea done right: the handler holds a weak_ptr and checks both the
// lifetime and the closed state, and close() unsubscribes first.
class ReplayClient {
public:
  ReplayClient(EventBus &Bus, const std::string &Endpoint)
      : Bus(Bus), Conn(std::make_shared<net::Connection>(Endpoint)) {
    std::weak_ptr<net::Connection> Weak = Conn;
    SubId = Bus.subscribe([Weak](const std::string &Event) {
      auto C = Weak.lock();
      if (C && !C->isClosed())
        C->send("replay:" + Event); // OK: checked on the publishing thread, close() unsubscribes first
    });
  }

  void close() {
    Bus.unsubscribe(SubId);
    Conn->close();
  }

private:
  EventBus &Bus;
  std::shared_ptr<net::Connection> Conn;
  int SubId = 0;
};

class AuditSink {
public:
  explicit AuditSink(std::shared_ptr<kafka::KafkaProducer> P) : Producer(std::move(P)) {}
  void record(const std::string &Event) { Producer->send({"audit", Event}); } // OK: called only before the audit sink shuts down
  // Defect: the audit sink assumes it owns the producer and closes it,
  // although the metrics sink keeps publishing through the same object.
  void shutdown() { Producer->close(); }
private:
  std::shared_ptr<kafka::KafkaProducer> Producer;
};

class MetricsSink {
public:
  explicit MetricsSink(std::shared_ptr<kafka::KafkaProducer> P) : Producer(std::move(P)) {}
  void count(const std::string &Name) {
    Producer->send({"metrics", Name + ":1"}); // SAME: metricsuse
  }
  void shutdown() { Producer->close(); } // OK: second KafkaProducer close() is harmless
private:
  std::shared_ptr<kafka::KafkaProducer> Producer;
};

int main() {
  EventBus Bus;
  auto Producer = std::make_shared<kafka::KafkaProducer>("kafka-1:9092");
  AuditSink Audit(Producer);
  MetricsSink Metrics(Producer);
  Bus.subscribe([&Metrics](const std::string &) { Metrics.count("events"); });

  DashboardClient Dashboard(Bus, "ws://client-17");
  ReplayClient Replay(Bus, "ws://replay-2");
  Bus.publish("AAPL 189.20");
  Audit.record("AAPL 189.20");

  Dashboard.disconnect();
  Replay.close();
  Bus.publish("AAPL 189.25"); // BUG: use-after-close #dashsend

  Audit.shutdown();
  Metrics.count("late-event"); // BUG: use-after-close #metricsuse
  Metrics.shutdown();
  return 0;
}
