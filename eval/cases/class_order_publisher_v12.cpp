// Order-event publishing on kafka::KafkaProducer and RdKafka::KafkaConsumer,
// with the closed objects reached again the way moved-from objects are in
// bugprone-use-after-move's tests: through a pointer alias inside a loop,
// through a member reference of a wrapper, through a lambda capture and after
// a consumer close. Bugs: the loop closes on a fraudulent order but keeps
// iterating; a late order is published after finish(); a sink lambda created
// earlier is called after close(); the backpressure path closes with a
// timeout and still sends; offsets are committed after close().
#include "messaging.h"
#include <functional>
#include <string>
#include <vector>

struct Order {
  std::string Id;
  long Cents = 0;
};

static kafka::ProducerRecord toRecord(const Order &O) {
  return {"orders", O.Id + ":" + std::to_string(O.Cents)};
}

class OrderPublisher {
public:
  explicit OrderPublisher(kafka::KafkaProducer &P) : Producer(P) {}
  void publish(const Order &O) { Producer.send(toRecord(O)); } // SAME: late
  void finish() {
    Producer.flush();
    Producer.close();
  }

private:
  kafka::KafkaProducer &Producer;
};

// Stops on the first fraudulent order, but forgets to leave the loop.
void publishUntilFraud(kafka::KafkaProducer &Producer, const std::vector<Order> &Orders) {
  kafka::KafkaProducer *Sink = &Producer;
  for (const Order &O : Orders) {
    Sink->send(toRecord(O)); // BUG: use-after-close
    if (O.Cents < 0)
      Producer.close();
  }
}

void settleDay(kafka::KafkaProducer &Producer, const std::vector<Order> &Orders,
               const Order *LateOrder) {
  OrderPublisher Pub(Producer);
  for (const Order &O : Orders)
    Pub.publish(O);
  Pub.finish();
  if (LateOrder)
    Pub.publish(*LateOrder); // BUG: use-after-close #late
}

std::function<void(const Order &)> makeSink(kafka::KafkaProducer &Producer) {
  return [&Producer](const Order &O) { Producer.send(toRecord(O)); }; // SAME: sink
}

void replay(const std::vector<Order> &Orders) {
  kafka::KafkaProducer Producer("kafka-1:9092");
  auto Sink = makeSink(Producer);
  Sink(Orders.front());
  Producer.close();
  if (Orders.size() > 1)
    Sink(Orders.back()); // BUG: use-after-close #sink
  Producer = kafka::KafkaProducer("kafka-2:9092");
  Sink(Orders.front()); // OK: the captured object was reinitialised by the assignment
}

void publishWithBackpressure(kafka::KafkaProducer &Producer, const Order &O) {
  if (Producer.pendingCount() > 10000)
    Producer.close(std::chrono::milliseconds(500)); // give up on this broker
  Producer.send(toRecord(O)); // BUG: use-after-close
}

void consumeOrders(RdKafka::KafkaConsumer *Consumer, int MaxBatches) {
  Consumer->subscribe({"orders"});
  for (int I = 0; I < MaxBatches; ++I)
    Consumer->consume(1000);
  Consumer->close();
  Consumer->commitSync(); // BUG: use-after-close
}

int main() {
  std::vector<Order> Orders = {{"o-1", 1200}, {"o-2", -50}, {"o-3", 999}};
  kafka::KafkaProducer Producer("kafka-1:9092");
  publishUntilFraud(Producer, Orders);
  kafka::KafkaProducer Daily("kafka-1:9092");
  settleDay(Daily, Orders, &Orders.back());
  replay(Orders);
  kafka::KafkaProducer Busy("kafka-3:9092");
  publishWithBackpressure(Busy, Orders.front());
  return 0;
}
