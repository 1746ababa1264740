// Ski resort lift gates: every RFID scan at a lift turnstile is published to
// Kafka by a LiftEventPublisher. A wind hold stops the heartbeat and closes
// the lift's producer, but the queue-length report that follows still sends
// on it. The heartbeat thread sends on the same producer while shutdown()
// closes it before stopping the thread (windHold() stops it first). The scan path checks isClosed(), reopening replaces the
// producer, and the audit trail goes through a separate producer.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>

struct GateScan {
  std::string liftId;
  std::string passId;
  int queueLength = 0;
};

class LiftEventPublisher {
public:
  LiftEventPublisher(std::string liftId, std::string brokers);
  ~LiftEventPublisher();
  void onScan(const GateScan &scan);
  void windHold(int gustKmh, int queueLength);
  void reopenAfterHold();
  void startHeartbeat();
  void stopHeartbeat();
  void shutdown();

private:
  void heartbeatLoop();

  std::string liftId_;
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
  kafka::KafkaProducer audit_;
  std::atomic<bool> beating_{false};
  std::thread heartbeat_;
};

LiftEventPublisher::LiftEventPublisher(std::string liftId, std::string brokers)
    : liftId_(std::move(liftId)), brokers_(std::move(brokers)),
      producer_(kafka::createProducer(brokers_)), audit_(brokers_) {}

LiftEventPublisher::~LiftEventPublisher() { stopHeartbeat(); }

void LiftEventPublisher::onScan(const GateScan &scan) {
  if (producer_->isClosed())
    return;
  producer_->send({"lift.scans", scan.liftId + ":" + scan.passId}); // OK: checked isClosed()
}

void LiftEventPublisher::windHold(int gustKmh, int queueLength) {
  stopHeartbeat();
  producer_->send({"lift.status", liftId_ + ":HOLD:" + std::to_string(gustKmh)});
  producer_->flush();
  producer_->close(std::chrono::milliseconds(2000));
  audit_.send({"lift.audit", liftId_ + " wind hold"}); // OK: the audit producer is still open
  producer_->send({"lift.queue", liftId_ + ":" + std::to_string(queueLength)}); // BUG: use-after-close
}

void LiftEventPublisher::reopenAfterHold() {
  producer_ = kafka::createProducer(brokers_);
  producer_->send({"lift.status", liftId_ + ":OPEN"}); // OK: a fresh producer
  startHeartbeat();
}

void LiftEventPublisher::startHeartbeat() {
  beating_ = true;
  heartbeat_ = std::thread([this] { heartbeatLoop(); });
}

void LiftEventPublisher::stopHeartbeat() {
  beating_ = false;
  if (heartbeat_.joinable())
    heartbeat_.join();
}

void LiftEventPublisher::heartbeatLoop() {
  while (beating_.load()) {
    producer_->send({"lift.heartbeat", liftId_}); // BUG: use-after-close #beat
    std::this_thread::sleep_for(std::chrono::seconds(5));
  }
}

void LiftEventPublisher::shutdown() {
  producer_->flush();
  producer_->close(); // SAME: beat
  stopHeartbeat();
  audit_.send({"lift.audit", liftId_ + " shut down"}); // OK: different producer
  audit_.close();
}

int main() {
  LiftEventPublisher chair4("chair-4", "kafka-1:9092,kafka-2:9092");
  chair4.startHeartbeat();
  chair4.onScan({"chair-4", "SP-883120", 14});
  chair4.windHold(78, 31);
  chair4.reopenAfterHold();
  chair4.onScan({"chair-4", "SP-104455", 3});
  chair4.shutdown();
  return 0;
}
