// publish() sends a record and, when the send throws, closes the producer and
// rethrows. publishAll() returns from its handler, so the summary send after
// the try runs only when no publish() threw (quiet line); publishOrRethrow()
// logs and rethrows, same (quiet line). publishAndLog() logs in the handler
// and falls through: when publish() threw, the summary send after the try is
// on the closed producer (bug).
#include "messaging.h"

#include <cstdio>
#include <exception>
#include <vector>

void publish(kafka::KafkaProducer &producer, const kafka::ProducerRecord &record) {
  try {
    producer.send(record);
  } catch (...) {
    producer.close();
    throw;
  }
}

bool publishAll(kafka::KafkaProducer &producer, const std::vector<kafka::ProducerRecord> &records) {
  try {
    for (const kafka::ProducerRecord &record : records)
      publish(producer, record);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "publish failed: %s\n", e.what());
    return false;
  }
  producer.send(kafka::ProducerRecord{"batches", "complete"}); // OK: only when no publish() threw
  return true;
}

void publishOrRethrow(kafka::KafkaProducer &producer, const kafka::ProducerRecord &record) {
  try {
    publish(producer, record);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "publish failed: %s\n", e.what());
    throw;
  }
  producer.send(kafka::ProducerRecord{"batches", "single"}); // OK: the handler rethrows
}

void publishAndLog(kafka::KafkaProducer &producer, const kafka::ProducerRecord &record) {
  try {
    publish(producer, record);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "publish failed: %s\n", e.what());
  }
  producer.send(kafka::ProducerRecord{"batches", "attempted"}); // BUG: use-after-close
}
