// HousekeepingEmitter: Kafka telemetry for housekeeping samples and alarms.
#include "housekeeping.h"

#include "annunciator.h"

#include <chrono>
#include <utility>

HousekeepingEmitter::HousekeepingEmitter(const std::string &brokers,
                                         std::string topic)
    : producer_(kafka::createProducer(brokers)), topic_(std::move(topic)) {}

void HousekeepingEmitter::attach(Annunciator &board) {
  detach();
  board_ = &board;
  watchId_ = board.watch([this](const Alarm &alarm) {
    producer_->send({topic_ + ".alarms", alarm.source + ": " + alarm.text}); // OK
  });
}

void HousekeepingEmitter::detach() {
  if (board_ == nullptr)
    return;
  board_->unwatch(watchId_);
  board_ = nullptr;
}

void HousekeepingEmitter::sample(const std::string &key, double value) {
  if (producer_->isClosed())
    return;
  producer_->send({topic_, key + "=" + std::to_string(value)}); // OK
}

void HousekeepingEmitter::flush() {
  producer_->flush(); // SAME: hk-flush
}

void HousekeepingEmitter::stop() {
  detach();
  producer_->close(std::chrono::milliseconds(2000));
}

void HousekeepingEmitter::shutdown() {
  stop();
  flush(); // BUG: use-after-close #hk-flush
}
