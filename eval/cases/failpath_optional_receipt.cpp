// publishOne() refuses to queue more when the producer is backed up: it
// closes the producer and returns std::nullopt; otherwise it sends and
// returns a receipt. publishBatch() returns false on the first nullopt, so its
// flush runs only when every call succeeded (quiet line); publishChecked()
// sends the follow-up only when it got a receipt (quiet line).
// publishBestEffort() takes value_or() and sends the follow-up on both paths:
// after a nullopt the producer is closed (bug).
#include "messaging.h"

#include <optional>
#include <string>
#include <vector>

struct Receipt {
  long sequence;
};

namespace {
constexpr int kMaxPending = 10000;
long nextSequence = 0;

std::optional<Receipt> publishOne(kafka::KafkaProducer &producer, const std::string &value) {
  if (producer.pendingCount() > kMaxPending) {
    producer.close();
    return std::nullopt;
  }
  producer.send(kafka::ProducerRecord{"events", value});
  return Receipt{++nextSequence};
}
} // namespace

bool publishBatch(kafka::KafkaProducer &producer, const std::vector<std::string> &values) {
  for (const std::string &value : values) {
    if (!publishOne(producer, value))
      return false;
  }
  producer.flush(); // OK: publishOne() closes only when it returns nullopt
  return true;
}

void publishChecked(kafka::KafkaProducer &producer, const std::string &value) {
  if (std::optional<Receipt> receipt = publishOne(producer, value))
    producer.send(kafka::ProducerRecord{"receipts", std::to_string(receipt->sequence)}); // OK: got a receipt
}

void publishBestEffort(kafka::KafkaProducer &producer, const std::string &value) {
  const Receipt receipt = publishOne(producer, value).value_or(Receipt{-1});
  producer.send(kafka::ProducerRecord{"receipts", std::to_string(receipt.sequence)}); // BUG: use-after-close
}
