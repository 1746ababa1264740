// A shutdown case falls through into the case that sends.
#include "messaging.h"
using namespace kafka;

enum class Command { Publish, Shutdown, Ping };

void dispatch(KafkaProducer &producer, Command cmd, const ProducerRecord &r) {
  switch (cmd) {
  case Command::Shutdown:
    producer.close();
    [[fallthrough]];
  case Command::Publish:
    producer.send(r); // BUG: use-after-close
    break;
  case Command::Ping:
    break;
  }
}
