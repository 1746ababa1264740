// Negative: every case ends with break.
#include "messaging.h"
using namespace kafka;

enum class Command { Publish, Shutdown, Ping };

void dispatch(KafkaProducer &producer, Command cmd, const ProducerRecord &r) {
  switch (cmd) {
  case Command::Shutdown:
    producer.flush();
    producer.close();
    break;
  case Command::Publish:
    producer.send(r);
    break;
  case Command::Ping:
    producer.send({"ping", ""});
    break;
  }
}
