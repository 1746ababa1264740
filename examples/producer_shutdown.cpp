#include "producer.h"

namespace messaging {

void publishAllRisky(KafkaProducer &Producer, const std::vector<Record> &Records,
                     const bool &StopRequested) {
  for (const Record &R : Records) {
    Producer.send(R); // fails on the iteration after the close below
    if (StopRequested)
      Producer.close();
  }
}

void publishAllFixed(KafkaProducer &Producer, const std::vector<Record> &Records,
                     const bool &StopRequested) {
  for (const Record &R : Records) {
    if (StopRequested)
      break;
    Producer.send(R);
  }
  Producer.flush();
  Producer.close();
}

} // namespace messaging
