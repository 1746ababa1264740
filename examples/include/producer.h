// A message producer in the shape of Kafka's KafkaProducer: a send after
// close() fails with "Producer closed while send in progress".
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace messaging {

struct Record {
  std::string Topic;
  std::string Value;
};

class KafkaProducer {
public:
  void send(const Record &R) {
    if (Closed)
      throw std::runtime_error("Producer closed while send in progress");
    Sent.push_back(R.Value);
  }
  void flush() {}
  void close() { Closed = true; }
  bool isClosed() const { return Closed; }

  std::vector<std::string> Sent;

private:
  bool Closed = false;
};

/// Risky: the loop closes the producer when asked to stop, and keeps sending.
void publishAllRisky(KafkaProducer &Producer, const std::vector<Record> &Records,
                     const bool &StopRequested);
/// Fixed: stop producing first, then close, once.
void publishAllFixed(KafkaProducer &Producer, const std::vector<Record> &Records,
                     const bool &StopRequested);

} // namespace messaging
