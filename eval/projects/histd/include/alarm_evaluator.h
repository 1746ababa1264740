// Checks incoming samples against the alarm limits and publishes alarm
// events to Kafka. Repeated alarms inside a rule's hold-off window are held
// back and sent by flushPending().
#pragma once
#include "config.h"
#include "messaging.h"
#include "sample.h"
#include "watchdog.h"
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace histd {

struct AlarmEvent {
  std::string rule;
  uint32_t tagId = 0;
  double value = 0.0;
  int64_t tsMicros = 0;
  bool high = false;
};

class AlarmEvaluator {
public:
  AlarmEvaluator(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic);
  ~AlarmEvaluator();

  AlarmEvaluator(const AlarmEvaluator &) = delete;
  AlarmEvaluator &operator=(const AlarmEvaluator &) = delete;

  void setRules(const std::vector<AlarmRule> &rules);
  void setProducer(std::shared_ptr<kafka::KafkaProducer> producer);
  /// Publishes controller stale/recovered events for the watchdog.
  void attach(Watchdog &watchdog);

  void evaluate(const SampleBatch &batch);
  void flushPending(int64_t nowMicros);

  std::vector<std::string> activeAlarms() const;
  std::size_t pendingCount() const;

private:
  void publishLocked(const AlarmEvent &event);

  mutable std::mutex mu_;
  std::shared_ptr<kafka::KafkaProducer> producer_;
  std::string topic_;
  std::map<uint32_t, AlarmRule> rules_;
  std::map<std::string, int64_t> lastSent_;
  std::map<std::string, AlarmEvent> active_;
  std::vector<AlarmEvent> held_;
  Watchdog *watchdog_ = nullptr;
  int staleSub_ = 0;
  int recoveredSub_ = 0;
};

std::string formatAlarm(const AlarmEvent &event);
std::string formatStale(const std::string &controller, int64_t ageMs);
std::string formatRecovered(const std::string &controller);

} // namespace histd
