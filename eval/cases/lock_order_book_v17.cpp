// Order-book publisher for a matching engine. Worker threads drain a queue of
// order updates and publish each update to Kafka through one shared
// kafka::KafkaProducer; stop() shuts the workers down and closes the producer.
// A risk-engine hook (cancelAll) and a snapshot publisher also use the
// producer. KafkaProducer::send() fails once the producer is closed; a second
// close() is harmless.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

struct OrderUpdate {
  std::string Account;
  std::string Symbol;
  long PriceTicks = 0;
  int Quantity = 0;
};

kafka::ProducerRecord toRecord(const OrderUpdate &U) {
  return {"orders.book", U.Account + "|" + U.Symbol + "|" +
                             std::to_string(U.PriceTicks) + "|" +
                             std::to_string(U.Quantity)};
}

} // namespace

class OrderBookPublisher {
public:
  explicit OrderBookPublisher(const std::string &Brokers) : Producer(Brokers) {}
  ~OrderBookPublisher() { stop(); }

  void start(unsigned Workers) {
    std::lock_guard<std::mutex> Lock(Mu);
    Closing = false;
    for (unsigned I = 0; I < Workers; ++I)
      Threads.emplace_back([this] { run(); });
  }

  void submit(OrderUpdate U) {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Closing)
      return;
    Pending.push_back(std::move(U));
    Ready.notify_one();
  }

  // Publishes the full book; takes the lock so that stop() cannot close the
  // producer between the Closing check and the sends.
  void publishSnapshot(const std::vector<OrderUpdate> &Book) {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Closing)
      return;
    for (const OrderUpdate &U : Book)
      Producer.send(toRecord(U)); // OK: Closing checked under Mu, close() happens after Closing is set
  }

  // Called by the risk engine when a kill switch trips. The risk engine keeps
  // running after the publisher has been stopped for the trading day.
  void cancelAll(const std::string &Account) {
    std::lock_guard<std::mutex> Lock(Mu);
    for (auto It = Pending.begin(); It != Pending.end();) {
      if (It->Account == Account)
        It = Pending.erase(It);
      else
        ++It;
    }
    Producer.send({"orders.cancel", Account}); // SAME: cancel
  }

  void stop() {
    {
      std::lock_guard<std::mutex> Lock(Mu);
      Closing = true;
    }
    Ready.notify_all();
    // Defect: the producer is closed before the workers are joined, while a
    // worker may still be publishing the last update it popped.
    Producer.close(); // SAME: race1
    for (std::thread &T : Threads)
      T.join();
    Threads.clear();
  }

private:
  void run() {
    for (;;) {
      OrderUpdate U;
      {
        std::unique_lock<std::mutex> Lock(Mu);
        Ready.wait(Lock, [this] { return Closing || !Pending.empty(); });
        if (Pending.empty())
          return;
        U = std::move(Pending.front());
        Pending.pop_front();
      }
      Producer.send(toRecord(U)); // BUG: use-after-close #race1
    }
  }

  kafka::KafkaProducer Producer;
  std::mutex Mu;
  std::condition_variable Ready;
  std::deque<OrderUpdate> Pending;
  std::vector<std::thread> Threads;
  bool Closing = false;
};

int main() {
  OrderBookPublisher Publisher("kafka-1:9092,kafka-2:9092");
  Publisher.start(4);
  for (int I = 0; I < 1000; ++I)
    Publisher.submit({"acct-" + std::to_string(I % 7), "ACME", 10000 + I, 10});
  Publisher.publishSnapshot({{"acct-1", "ACME", 10010, 5}});
  Publisher.stop();
  Publisher.submit({"acct-3", "ACME", 10100, 1}); // OK: submit() drops updates once Closing is set
  Publisher.publishSnapshot({{"acct-2", "ACME", 10020, 3}}); // OK: returns early, Closing is set
  Publisher.cancelAll("acct-3"); // BUG: use-after-close #cancel
  Publisher.stop(); // OK: a second KafkaProducer close() is harmless and no threads remain to join
  return 0;
}
