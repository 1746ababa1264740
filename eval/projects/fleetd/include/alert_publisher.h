// AlertPublisher: publishes alerts to Kafka through a producer it shares with
// other components, and notifies local listeners (dispatcher consoles) of
// every alert it published. close() flushes and closes the producer; it is
// idempotent. publish() throws after close(), tryPublish() returns false.
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "messaging.h"
#include "telemetry.h"

namespace fleetd {

class Diagnostics;

class AlertPublisher {
public:
  using Listener = std::function<void(const Alert &)>;

  AlertPublisher(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic,
                 Diagnostics &diag);
  ~AlertPublisher();
  AlertPublisher(const AlertPublisher &) = delete;
  AlertPublisher &operator=(const AlertPublisher &) = delete;

  void publish(const Alert &alert);
  bool tryPublish(const Alert &alert);
  bool heartbeat(const std::string &source);
  void onPublished(Listener listener);
  void close();
  bool isClosed() const;

private:
  mutable std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  Diagnostics &diag_;
  std::vector<Listener> listeners_;
  bool closed_ = false;
};

std::string encodeAlert(const Alert &alert);

} // namespace fleetd
