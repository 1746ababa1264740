// A Kafka producer that survives broker outages.
#pragma once
#include <messaging.h>

#include <memory>
#include <mutex>
#include <string>

namespace buildfarm {

// current() returns the live kafka::KafkaProducer. reconnect() flushes and
// closes the live producer and creates a fresh one; whoever still holds the
// old shared_ptr holds a closed producer (its send() fails). send() sends on
// the live producer, replacing it first if it was closed underneath; after
// close() it throws std::runtime_error("producer closed"). close() is
// idempotent; the destructor calls it.
class ReconnectingProducer {
public:
  explicit ReconnectingProducer(std::string brokers);
  ~ReconnectingProducer();

  void send(const kafka::ProducerRecord &record);
  std::shared_ptr<kafka::KafkaProducer> current() const;
  void reconnect();
  bool available() const;
  void close();

private:
  mutable std::mutex mutex_;
  std::string brokers_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  bool closed_ = false;
  unsigned reconnects_ = 0;
};

} // namespace buildfarm
