// Telemetry intake for a falconry centre: GPS fixes from the transmitters on the hawks'
// bewits, and low-battery or out-of-range alerts, arrive on Kafka topics read with
// librdkafka consumers. FixIngest's worker loops `while (running_)` calling consume();
// stop() clears running_, joins the worker and only then closes the consumer, so the
// close races with nothing, and a second stop() returns early. AlertIngest::shutdown()
// closes its consumer before joining, so the worker's consume() of its last iteration
// can run on the closed consumer, and it commits the final offsets after the close.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <thread>
#include <utility>

class FixIngest {
public:
  explicit FixIngest(std::unique_ptr<RdKafka::KafkaConsumer> consumer)
      : consumer_(std::move(consumer)) {}
  ~FixIngest() { stop(); }

  void start(const std::vector<std::string> &topics) {
    if (consumer_->subscribe(topics) != 0)
      throw std::runtime_error("fix ingest: subscribe failed");
    running_ = true;
    worker_ = std::thread([this] { loop(); });
  }

  void stop() {
    if (!running_.exchange(false))
      return;
    if (worker_.joinable())
      worker_.join();
    consumer_->commitSync();
    consumer_->close(); // OK
  }

  std::size_t received() const { return received_; }

private:
  void loop() {
    while (running_) {
      RdKafka::Message *fix = consumer_->consume(200); // OK
      if (!fix)
        continue;
      if (++received_ % 500 == 0)
        consumer_->commitSync();
    }
  }

  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  std::atomic<bool> running_{false};
  std::atomic<std::size_t> received_{0};
  std::thread worker_;
};

class AlertIngest {
public:
  explicit AlertIngest(std::unique_ptr<RdKafka::KafkaConsumer> consumer)
      : consumer_(std::move(consumer)) {}
  ~AlertIngest() {
    running_ = false;
    if (worker_.joinable())
      worker_.join();
  }

  void start(const std::vector<std::string> &topics) {
    if (consumer_->subscribe(topics) != 0)
      throw std::runtime_error("alert ingest: subscribe failed");
    running_ = true;
    worker_ = std::thread([this] { loop(); });
  }

  void shutdown() {
    running_ = false;
    consumer_->close(); // SAME: alert-race
    if (worker_.joinable())
      worker_.join();
    consumer_->commitSync(); // BUG: use-after-close
  }

  std::size_t alerts() const { return alerts_; }

private:
  void loop() {
    while (running_) {
      if (consumer_->consume(500) != nullptr) // BUG: use-after-close #alert-race
        ++alerts_;
    }
  }

  std::unique_ptr<RdKafka::KafkaConsumer> consumer_;
  std::atomic<bool> running_{false};
  std::atomic<std::size_t> alerts_{0};
  std::thread worker_;
};

void runFieldDay(std::unique_ptr<RdKafka::KafkaConsumer> fixes,
                 std::unique_ptr<RdKafka::KafkaConsumer> alerts,
                 std::chrono::seconds duration) {
  FixIngest fixIngest(std::move(fixes));
  AlertIngest alertIngest(std::move(alerts));
  fixIngest.start({"hawks.fixes"});
  alertIngest.start({"hawks.alerts"});
  std::this_thread::sleep_for(duration);
  alertIngest.shutdown();
  fixIngest.stop();
  std::printf("%zu fixes, %zu alerts\n", fixIngest.received(), alertIngest.alerts());
  fixIngest.stop(); // OK
}
