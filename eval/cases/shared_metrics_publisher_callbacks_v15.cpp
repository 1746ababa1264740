// Metrics publishing for the API gateway. TickRegistry runs registered
// callbacks on the owner's thread every tick and logs a callback that throws.
// MetricsPublisher shares its KafkaProducer with the callbacks it registers:
// the heartbeat callback copies the shared_ptr; the backlog and error-rate
// callbacks keep a weak_ptr (the backlog callback also checks isClosed()).
// rotateBrokers() closes the current producer and installs a new one in
// producer_. KafkaProducer::send() fails once the producer is closed.
#include "messaging.h"

#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

class TickRegistry {
public:
  using Callback = std::function<void()>;
  int add(Callback cb);
  void remove(int id);
  void tick();

private:
  std::map<int, Callback> callbacks_;
  int nextId_ = 1;
};

int TickRegistry::add(Callback cb) {
  callbacks_.emplace(nextId_, std::move(cb));
  return nextId_++;
}

void TickRegistry::remove(int id) { callbacks_.erase(id); }

void TickRegistry::tick() {
  for (auto &entry : callbacks_) {
    try {
      entry.second();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "tick callback %d failed: %s\n", entry.first, e.what());
    }
  }
}

class MetricsPublisher {
public:
  MetricsPublisher(TickRegistry &registry, const std::string &brokers);
  void start();
  void publish(const std::string &name, double value);
  void rotateBrokers(const std::string &brokers);
  void stop();

private:
  TickRegistry &registry_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  int heartbeatId_ = 0;
  int backlogId_ = 0;
  int errorsId_ = 0;
  int errorCount_ = 0;
};

MetricsPublisher::MetricsPublisher(TickRegistry &registry,
                                   const std::string &brokers)
    : registry_(registry), producer_(kafka::createProducer(brokers)) {}

void MetricsPublisher::start() {
  std::shared_ptr<kafka::KafkaProducer> producer = producer_;
  heartbeatId_ = registry_.add([producer] {
    producer->send({"metrics.heartbeat", "gateway"}); // BUG: use-after-close
  });

  std::weak_ptr<kafka::KafkaProducer> weak = producer_;
  backlogId_ = registry_.add([weak] {
    std::shared_ptr<kafka::KafkaProducer> p = weak.lock();
    if (!p || p->isClosed())
      return;
    p->send({"metrics.backlog", std::to_string(p->pendingCount())}); // OK: isClosed() checked first
  });

  errorsId_ = registry_.add([weak, this] {
    if (std::shared_ptr<kafka::KafkaProducer> p = weak.lock())
      p->send({"metrics.errors", std::to_string(errorCount_)}); // BUG: use-after-close
  });
}

void MetricsPublisher::publish(const std::string &name, double value) {
  producer_->send({"metrics." + name, std::to_string(value)});
}

void MetricsPublisher::rotateBrokers(const std::string &brokers) {
  producer_->flush();
  producer_->close();
  producer_ = kafka::createProducer(brokers);
  producer_->send({"metrics.lifecycle", "rotated to " + brokers}); // OK: the new producer
}

void MetricsPublisher::stop() {
  registry_.remove(heartbeatId_);
  registry_.remove(backlogId_);
  registry_.remove(errorsId_);
  producer_->flush();
  producer_->close();
}

void runGatewayMetrics(TickRegistry &registry) {
  MetricsPublisher publisher(registry, "kafka-a.internal:9092");
  publisher.start();
  registry.tick();
  publisher.publish("latency_ms", 12.5);
  publisher.rotateBrokers("kafka-b.internal:9092");
  publisher.publish("latency_ms", 11.0);
  registry.tick();
  publisher.stop();
  registry.tick();
}
