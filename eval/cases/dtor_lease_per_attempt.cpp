// A retrying uploader takes a ProducerLease for each attempt; the lease's
// destructor flushes and closes the shared KafkaProducer at the end of the
// loop body. The first attempt sends on an open producer; a second attempt
// sends on the producer the first lease closed (bug). The single-shot
// uploader takes the lease once, outside any loop (correct).
#include "messaging.h"

#include <string>

class ProducerLease {
public:
  explicit ProducerLease(kafka::KafkaProducer &producer) : producer_(producer) {}
  ProducerLease(const ProducerLease &) = delete;
  ProducerLease &operator=(const ProducerLease &) = delete;
  ~ProducerLease() {
    producer_.flush();
    producer_.close();
  }

private:
  kafka::KafkaProducer &producer_;
};

bool acknowledged(const kafka::KafkaProducer &producer) { return producer.pendingCount() == 0; }

void uploadWithRetry(kafka::KafkaProducer &producer, const std::string &payload) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    ProducerLease lease(producer);
    producer.send({"uploads", payload}); // BUG: use-after-close
    if (acknowledged(producer))
      break;
  }
}

void uploadOnce(kafka::KafkaProducer &producer, const std::string &payload) {
  ProducerLease lease(producer);
  producer.send({"uploads", payload}); // OK
  producer.send({"uploads", "eof"}); // OK
}
