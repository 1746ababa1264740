// Lap publisher of an ice-resurfacing fleet. Each machine's lap summary is sent
// to Kafka (kafka::KafkaProducer); delivery outcomes come back later through
// DeliveryReports, whose callbacks capture the producer and resend a lap that
// was not delivered. stop() drains the reports, flushes and closes the
// producer; tank alarms go to an EventChannel that is checked with isOpen().
// Bugs: stop() fails the laps still awaiting a report after close(), so their
// callbacks resend on the closed producer; endOfSession() publishes the late
// laps after stop().
#include "messaging.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace rinkfleet {

struct LapSummary {
  std::string machine;
  int lap;
  double waterLitres;
  double tankFillPct;
};

class DeliveryReports {
public:
  using Callback = std::function<void(bool delivered)>;

  std::uint64_t expect(Callback cb) {
    std::lock_guard<std::mutex> lock(mu_);
    std::uint64_t id = next_++;
    pending_.emplace(id, std::move(cb));
    return id;
  }
  // Called by the report poller when the broker acknowledged (or rejected) id.
  void complete(std::uint64_t id, bool delivered) {
    Callback cb;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = pending_.find(id);
      if (it == pending_.end())
        return;
      cb = std::move(it->second);
      pending_.erase(it);
    }
    cb(delivered);
  }
  void failOutstanding() {
    std::map<std::uint64_t, Callback> drained;
    {
      std::lock_guard<std::mutex> lock(mu_);
      drained.swap(pending_);
    }
    for (auto &entry : drained)
      entry.second(false);
  }

private:
  std::mutex mu_;
  std::uint64_t next_ = 1;
  std::map<std::uint64_t, Callback> pending_;
};

class LapPublisher {
public:
  LapPublisher(const std::string &brokers, EventChannel &alarms)
      : producer_(kafka::createProducer(brokers)), alarms_(alarms) {}
  ~LapPublisher() {
    if (producer_ && !producer_->isClosed())
      producer_->close(); // OK: only when stop() did not close it
  }

  DeliveryReports &reports() { return reports_; }

  void publish(const LapSummary &lap) {
    kafka::KafkaProducer *producer = producer_.get();
    kafka::ProducerRecord record{"rink.laps", encode(lap)};
    std::uint64_t id = reports_.expect([producer, record](bool delivered) {
      if (!delivered)
        producer->send(record); // SAME: resend
    });
    record.Value = std::to_string(id) + "|" + record.Value;
    producer_->send(record); // SAME: latelaps
    if (lap.tankFillPct > 95.0)
      raiseTankAlarm(lap);
  }

  void stop() {
    if (producer_->isClosed())
      return;
    producer_->flush(); // OK: flushed before close(), and stop() returns early on a closed producer
    producer_->close();
    reports_.failOutstanding(); // BUG: use-after-close #resend
    alarms_.close();
  }

  void raiseTankAlarm(const LapSummary &lap) {
    if (!alarms_.isOpen())
      return;
    alarms_.send(lap.machine + " snow tank full"); // OK: isOpen() checked
  }

private:
  static std::string encode(const LapSummary &lap) {
    return lap.machine + ";" + std::to_string(lap.lap) + ";" +
           std::to_string(lap.waterLitres) + ";" + std::to_string(lap.tankFillPct);
  }

  std::unique_ptr<kafka::KafkaProducer> producer_;
  EventChannel &alarms_;
  DeliveryReports reports_;
};

void endOfSession(LapPublisher &publisher, const std::vector<LapSummary> &late,
                  const LapSummary &last) {
  publisher.stop();
  publisher.raiseTankAlarm(last); // OK: raiseTankAlarm() checks isOpen() first
  for (const LapSummary &lap : late)
    publisher.publish(lap); // BUG: use-after-close #latelaps
}

} // namespace rinkfleet
