// Order router of an exchange gateway: accepted orders are published to Kafka
// through kafka::KafkaProducer (messaging.h). When the broker backlog grows
// past a limit the router "trips": it flushes and closes the producer and from
// then on rejects orders (route() returns false).
//
// Bug (routeBatch): when route() trips the circuit in the middle of a batch,
// the loop stops, but the audit record after the loop is still sent on the
// producer that tripCircuit() closed; KafkaProducer::send() after close()
// fails ("Producer closed while send in progress") and the audit is lost.
// Bug (drainAndClose): reportLag() sends the lag metric on the producer that
// drainAndClose() closed on the line before.
// Correct: route() checks Tripped, which is set whenever the producer is closed;
// shutdown() returns early when the circuit already closed the producer.
#include "messaging.h"

#include <iostream>
#include <string>
#include <vector>

struct Order {
  std::string Id;
  std::string Symbol;
  int Quantity = 0;
  double Price = 0.0;
};

static std::string encode(const Order &O) {
  return O.Id + "|" + O.Symbol + "|" + std::to_string(O.Quantity) + "|" +
         std::to_string(O.Price);
}

class OrderRouter {
public:
  OrderRouter(kafka::KafkaProducer &Producer, int MaxPending)
      : Producer(Producer), MaxPending(MaxPending) {}

  // Returns false when the order was not routed.
  bool route(const Order &O) {
    if (Tripped)
      return false;
    Producer.send({"orders.accepted", encode(O)}); // OK: Tripped is set whenever the producer is closed
    if (Producer.pendingCount() > MaxPending)
      tripCircuit("broker backlog " + std::to_string(Producer.pendingCount()));
    return true;
  }

  void routeBatch(const std::vector<Order> &Batch) {
    int Routed = 0;
    for (const Order &O : Batch) {
      if (!route(O))
        break;
      ++Routed;
    }
    Producer.send({"orders.audit", "batch routed=" + std::to_string(Routed)}); // BUG: use-after-close
  }

  void shutdown() {
    if (Producer.isClosed())
      return;
    Producer.flush();
    Producer.close(); // OK: skipped when tripCircuit() already closed it
    Tripped = true;
  }

  bool tripped() const { return Tripped; }

private:
  void tripCircuit(const std::string &Why) {
    std::cerr << "order router tripped: " << Why << "\n";
    Producer.flush();
    Producer.close();
    Tripped = true;
  }

  kafka::KafkaProducer &Producer;
  int MaxPending;
  bool Tripped = false;
};

static void reportLag(kafka::KafkaProducer &P, int Pending) {
  P.send({"metrics.router", "pending=" + std::to_string(Pending)}); // SAME: lag
}

// Used for the disaster-recovery producer at the end of a failover drill.
static void drainAndClose(kafka::KafkaProducer &P) {
  int Pending = P.pendingCount();
  P.flush();
  P.close();
  reportLag(P, Pending); // BUG: use-after-close #lag
}

int main() {
  kafka::KafkaProducer Producer("broker-1:9092,broker-2:9092");
  OrderRouter Router(Producer, 5000);

  Router.routeBatch({{"o-1", "AAPL", 100, 189.5},
                     {"o-2", "MSFT", 50, 411.0},
                     {"o-3", "NVDA", 10, 880.0}});
  if (!Router.route({"o-4", "TSLA", 5, 172.3}))
    std::cerr << "order o-4 rejected: router tripped\n";
  Router.shutdown();

  std::unique_ptr<kafka::KafkaProducer> Backup =
      kafka::createProducer("broker-dr:9092");
  reportLag(*Backup, 0);
  drainAndClose(*Backup);
  return Router.tripped() ? 1 : 0;
}
