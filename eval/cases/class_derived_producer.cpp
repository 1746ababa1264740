// An application producer derived from the Kafka producer.
#include "messaging.h"
#include <string>

class OrderEvents : public kafka::KafkaProducer {
public:
  void orderPlaced(int id) { send({"orders", std::to_string(id)}); }
};

void closeDay(OrderEvents &events, int lastOrder) {
  events.flush();
  events.close();
  events.send({"orders", "eod " + std::to_string(lastOrder)}); // BUG: use-after-close
}
