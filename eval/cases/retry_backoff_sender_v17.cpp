// Webhook delivery service. Events are published to Kafka with retries (the
// producer is closed and recreated after a failed send) and forwarded to a
// downstream HTTP bridge over a net::Connection guarded by a circuit breaker
// that closes the connection when the bridge keeps answering 5xx.
// KafkaProducer::send() fails after close() (a second close() is harmless);
// net::Connection::send()/flush() throw "connection closed" after close().
#include "messaging.h"
#include "netconn.h"

#include <chrono>
#include <cstdio>
#include <deque>
#include <exception>
#include <memory>
#include <string>
#include <thread>

using Clock = std::chrono::steady_clock;

class DeliveryService {
public:
  DeliveryService(std::string Brokers, std::string BridgeEndpoint)
      : Brokers(std::move(Brokers)), BridgeEndpoint(std::move(BridgeEndpoint)),
        Producer(kafka::createProducer(this->Brokers)),
        Bridge(std::make_unique<net::Connection>(this->BridgeEndpoint)) {}

  // Defect: after the last failed attempt the closed producer is kept, so the
  // first attempt of the next deliver() call sends on a closed producer.
  bool deliver(const kafka::ProducerRecord &R) {
    for (int Attempt = 1; Attempt <= MaxAttempts; ++Attempt) {
      try {
        Producer->send(R); // SAME: keptclosed
        return true;
      } catch (const std::exception &E) {
        std::fprintf(stderr, "attempt %d failed: %s\n", Attempt, E.what());
        Producer->close();
        if (Attempt < MaxAttempts) {
          std::this_thread::sleep_for(std::chrono::milliseconds(50 << Attempt));
          Producer = kafka::createProducer(Brokers);
        }
      }
    }
    RetryQueue.push_back(R);
    return false;
  }

  bool forward(const std::string &Payload) {
    if (Tripped)
      return false;
    for (int Attempt = 0; Attempt < 3; ++Attempt) {
      try {
        Bridge->send(Payload); // OK: a closed bridge is replaced before the next attempt
        Bridge->flush();       // OK
        return true;
      } catch (const std::runtime_error &) {
        Bridge->close();
        std::this_thread::sleep_for(std::chrono::milliseconds(20 << Attempt));
        Bridge = std::make_unique<net::Connection>(BridgeEndpoint);
      }
    }
    return false;
  }

  // Called by the response reader for every status the bridge returns.
  void onBridgeStatus(int Status) {
    if (Status < 500) {
      Consecutive5xx = 0;
      return;
    }
    if (++Consecutive5xx >= 3 && !Tripped) {
      Tripped = true;
      TrippedAt = Clock::now();
      Bridge->close();
    }
  }

  // Half-open probe of the breaker. Defect: the breaker closed the bridge
  // connection when it tripped, and the probe reuses it instead of dialling.
  bool probe() {
    if (!Tripped || Clock::now() - TrippedAt < std::chrono::milliseconds(100))
      return false;
    try {
      Bridge->send("PING"); // SAME: probe
    } catch (const std::runtime_error &E) {
      std::fprintf(stderr, "probe failed: %s\n", E.what());
      return false;
    }
    Tripped = false;
    Consecutive5xx = 0;
    return true;
  }

  // Shutdown order used by main(): close the producer, then give the retry
  // queue a last chance. Defect: drainRetryQueue() runs after the close.
  void stop() {
    Producer->close();
    drainRetryQueue(); // BUG: use-after-close #drain
    Bridge->close();
  }

private:
  void drainRetryQueue() {
    while (!RetryQueue.empty()) {
      Producer->send(RetryQueue.front()); // SAME: drain
      RetryQueue.pop_front();
    }
  }

  static constexpr int MaxAttempts = 3;
  std::string Brokers;
  std::string BridgeEndpoint;
  std::unique_ptr<kafka::KafkaProducer> Producer;
  std::unique_ptr<net::Connection> Bridge;
  std::deque<kafka::ProducerRecord> RetryQueue;
  Clock::time_point TrippedAt;
  int Consecutive5xx = 0;
  bool Tripped = false;
};

int main() {
  DeliveryService Service("kafka-1:9092", "bridge.internal:8080");
  for (int I = 0; I < 20; ++I) {
    kafka::ProducerRecord R{"webhooks", "event-" + std::to_string(I)};
    if (!Service.deliver(R)) // BUG: use-after-close #keptclosed
      std::fprintf(stderr, "event %d queued for retry\n", I);
    Service.forward(R.Value);
    Service.onBridgeStatus(I % 4 == 0 ? 200 : 503);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  Service.probe(); // BUG: use-after-close #probe
  Service.stop();
  return 0;
}
