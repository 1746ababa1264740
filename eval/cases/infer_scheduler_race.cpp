// Order flushing on the application's own Scheduler (a pool that runs the
// submitted lambdas on its threads). flushOrders() submits sends and closes
// the producer right away, while the tasks may still be running: the close
// races with the sends (bug). flushOrdersAndWait() waits for the tasks before
// closing (correct).
#include "messaging.h"
#include "scheduler.h"

#include <vector>

void flushOrders(Scheduler &scheduler, kafka::KafkaProducer &producer,
                 const std::vector<kafka::ProducerRecord> &records) {
  for (const kafka::ProducerRecord &record : records) {
    scheduler.submit([&producer, record] {
      producer.send(record); // BUG: use-after-close #race1
    });
  }
  producer.close(); // SAME: race1
}

void flushOrdersAndWait(Scheduler &scheduler, kafka::KafkaProducer &producer,
                        const std::vector<kafka::ProducerRecord> &records) {
  for (const kafka::ProducerRecord &record : records) {
    scheduler.submit([&producer, record] {
      producer.send(record); // OK
    });
  }
  scheduler.wait();
  producer.close(); // OK
}
