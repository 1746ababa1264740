// Connection cache of a service-mesh sidecar. The cache hands out
// shared_ptr<net::Connection> whose deleter closes the connection when the
// last owner lets go; request handlers and retry timers hold either a
// shared_ptr (while a request is in flight) or a weak_ptr (for deferred
// work). Cache eviction only drops the cache's own reference. The access log
// is a shared_ptr<FILE> with an fclose deleter, and the telemetry producer is
// shared by two exporters that both close it on shutdown.
//
// This code is correct: nobody calls close() on a cached connection directly;
// the close happens in the deleter, i.e. after the last shared_ptr is gone,
// so no owner can observe a closed connection, and weak_ptr users lock()
// before use. The FILE is closed once by its deleter. The producer is closed
// twice, which KafkaProducer tolerates, and nothing is sent after the first
// close.
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

class ConnectionCache {
public:
  std::shared_ptr<net::Connection> get(const std::string &Endpoint) {
    auto It = Cache.find(Endpoint);
    if (It != Cache.end())
      return It->second;
    std::shared_ptr<net::Connection> Conn(new net::Connection(Endpoint),
                                          [](net::Connection *C) {
                                            C->close(); // OK: runs once, when the last owner releases
                                            delete C;
                                          });
    Cache.emplace(Endpoint, Conn);
    return Conn;
  }

  void evict(const std::string &Endpoint) { Cache.erase(Endpoint); }
  void clear() { Cache.clear(); }

private:
  std::map<std::string, std::shared_ptr<net::Connection>> Cache;
};

struct DeferredQueue {
  std::vector<std::function<void()>> Tasks;
  void runAll() {
    for (auto &T : Tasks)
      T();
    Tasks.clear();
  }
};

void handleRequest(ConnectionCache &Cache, DeferredQueue &Deferred,
                   const std::string &Endpoint, const std::string &Body) {
  std::shared_ptr<net::Connection> Conn = Cache.get(Endpoint);
  Conn->send(Body); // OK: this shared_ptr keeps the connection open
  std::weak_ptr<net::Connection> Weak = Conn;
  Deferred.Tasks.push_back([Weak, Body] {
    if (auto C = Weak.lock())
      C->send("retry:" + Body); // OK: lock() succeeded, so the deleter has not run
  });
}

class TelemetryExporter {
public:
  explicit TelemetryExporter(std::shared_ptr<kafka::KafkaProducer> P) : Producer(std::move(P)) {}
  void emit(const std::string &Line) {
    if (!Stopped)
      Producer->send({"telemetry", Line}); // OK: every exporter is stopped only at process shutdown, after the last emit
  }
  void stop() {
    Stopped = true;
    Producer->close(); // OK: a second KafkaProducer close() is harmless
  }

private:
  std::shared_ptr<kafka::KafkaProducer> Producer;
  bool Stopped = false;
};

int main() {
  ConnectionCache Cache;
  DeferredQueue Deferred;
  std::shared_ptr<FILE> AccessLog(std::fopen("/tmp/sidecar-access.log", "a"),
                                  [](FILE *F) {
                                    if (F)
                                      std::fclose(F); // OK: the deleter runs once
                                  });

  handleRequest(Cache, Deferred, "svc-a:80", "GET /a");
  handleRequest(Cache, Deferred, "svc-b:80", "GET /b");
  std::shared_ptr<net::Connection> Pinned = Cache.get("svc-a:80");
  Cache.evict("svc-a:80");
  Pinned->send("GET /pinned"); // OK: eviction dropped only the cache's reference
  Cache.evict("svc-b:80");     // last owner of svc-b: the deleter closes it
  Deferred.runAll();           // svc-b task: lock() fails and nothing is sent

  if (AccessLog)
    std::fprintf(AccessLog.get(), "served 3 requests\n"); // OK: the shared_ptr still owns the FILE
  std::shared_ptr<FILE> LogCopy = AccessLog;
  AccessLog.reset();
  if (LogCopy)
    std::fputs("shutdown\n", LogCopy.get()); // OK: LogCopy keeps the FILE open after the other reset()

  auto Producer = std::make_shared<kafka::KafkaProducer>("kafka-1:9092");
  TelemetryExporter Spans(Producer), Logs(Producer);
  Spans.emit("span 1");
  Logs.emit("log 1");
  Spans.stop();
  Logs.stop();
  return 0;
}
