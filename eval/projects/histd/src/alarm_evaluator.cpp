// AlarmEvaluator: limit checks on incoming samples, alarm publication on
// Kafka with a per-rule hold-off, and the watchdog's stale/recovered events.
#include "alarm_evaluator.h"

#include "log.h"

#include <cstdio>

namespace histd {

std::string formatAlarm(const AlarmEvent &event) {
  char value[32];
  std::snprintf(value, sizeof value, "%.6g", event.value);
  return "{\"type\":\"alarm\",\"rule\":\"" + event.rule + "\",\"tag\":" +
         std::to_string(event.tagId) + ",\"value\":" + value + ",\"limit\":\"" +
         (event.high ? "high" : "low") + "\",\"ts\":\"" + isoTime(event.tsMicros) + "\"}";
}

std::string formatStale(const std::string &controller, int64_t ageMs) {
  return "{\"type\":\"controller-stale\",\"controller\":\"" + controller +
         "\",\"age_ms\":" + std::to_string(ageMs) + "}";
}

std::string formatRecovered(const std::string &controller) {
  return "{\"type\":\"controller-recovered\",\"controller\":\"" + controller + "\"}";
}

AlarmEvaluator::AlarmEvaluator(std::shared_ptr<kafka::KafkaProducer> producer, std::string topic)
    : producer_(std::move(producer)), topic_(std::move(topic)) {}

AlarmEvaluator::~AlarmEvaluator() {
  if (watchdog_) {
    watchdog_->unsubscribe(staleSub_);
    watchdog_->unsubscribe(recoveredSub_);
  }
}

void AlarmEvaluator::setRules(const std::vector<AlarmRule> &rules) {
  std::lock_guard<std::mutex> lock(mu_);
  rules_.clear();
  for (const AlarmRule &r : rules)
    rules_[r.tagId] = r;
}

void AlarmEvaluator::setProducer(std::shared_ptr<kafka::KafkaProducer> producer) {
  std::lock_guard<std::mutex> lock(mu_);
  producer_ = std::move(producer);
}

void AlarmEvaluator::attach(Watchdog &watchdog) {
  watchdog_ = &watchdog;
  staleSub_ = watchdog.onStale(
      [producer = producer_, topic = topic_](const std::string &controller, int64_t ageMs) {
        producer->send({topic, formatStale(controller, ageMs)}); // BUG: use-after-close
      });
  std::weak_ptr<kafka::KafkaProducer> weak = producer_;
  recoveredSub_ = watchdog.onRecovered([weak, topic = topic_](const std::string &controller) {
    std::shared_ptr<kafka::KafkaProducer> producer = weak.lock();
    if (!producer || producer->isClosed())
      return;
    producer->send({topic, formatRecovered(controller)}); // OK
  });
}

void AlarmEvaluator::publishLocked(const AlarmEvent &event) {
  producer_->send({topic_, formatAlarm(event)}); // OK
  lastSent_[event.rule] = event.tsMicros;
}

void AlarmEvaluator::evaluate(const SampleBatch &batch) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const Sample &s : batch.samples) {
    auto rule = rules_.find(s.tagId);
    if (rule == rules_.end() || s.quality < kQualityGood)
      continue;
    const AlarmRule &r = rule->second;
    const bool high = s.value > r.high;
    const bool low = s.value < r.low;
    if (!high && !low) {
      active_.erase(r.name);
      continue;
    }
    if (active_.count(r.name))
      continue;
    AlarmEvent event{r.name, s.tagId, s.value, s.tsMicros, high};
    active_[r.name] = event;
    auto last = lastSent_.find(r.name);
    if (last != lastSent_.end() && s.tsMicros - last->second < int64_t(r.holdOffSec) * 1000000) {
      held_.push_back(event);
      continue;
    }
    publishLocked(event);
  }
}

void AlarmEvaluator::flushPending(int64_t nowMicros) {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<AlarmEvent> keep;
  for (const AlarmEvent &event : held_) {
    auto rule = rules_.find(event.tagId);
    const int64_t holdOff = rule == rules_.end() ? 0 : int64_t(rule->second.holdOffSec) * 1000000;
    auto last = lastSent_.find(event.rule);
    if (last != lastSent_.end() && nowMicros - last->second < holdOff) {
      keep.push_back(event);
      continue;
    }
    producer_->send({topic_, formatAlarm(event)}); // SAME: late-alarm-flush
    lastSent_[event.rule] = nowMicros;
  }
  held_.swap(keep);
}

std::vector<std::string> AlarmEvaluator::activeAlarms() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  for (const auto &a : active_)
    out.push_back(formatAlarm(a.second));
  return out;
}

std::size_t AlarmEvaluator::pendingCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return held_.size();
}

} // namespace histd
