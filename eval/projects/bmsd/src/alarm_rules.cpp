// AlarmRulesEngine: limit alarms with an on-delay and a deadband for the
// return to normal. evaluate() runs on the main loop for every point value;
// drain() delivers what was raised to the callbacks and mirrors it to the
// facility event bus.
#include "alarm_rules.h"

#include "diagnostics.h"
#include "format.h"

namespace bmsd {

AlarmRulesEngine::AlarmRulesEngine(Diagnostics &diag, std::size_t outboxDepth)
    : diag_(diag), outbox_("alarm outbox", outboxDepth) {}

void AlarmRulesEngine::setRules(std::vector<AlarmRule> rules) {
  rules_ = std::move(rules);
}

void AlarmRulesEngine::onAlarm(Callback cb) { callbacks_.push_back(std::move(cb)); }

void AlarmRulesEngine::mirrorTo(std::weak_ptr<EventChannel> channel) {
  mirror_ = std::move(channel);
}

void AlarmRulesEngine::evaluate(const PointValue &pv) {
  if (outbox_.closed())
    return;
  for (const AlarmRule &rule : rules_) {
    if (rule.kind != pv.kind)
      continue;
    if (pv.name.compare(0, rule.pointPrefix.size(), rule.pointPrefix) != 0)
      continue;
    evaluateRule(rule, pv);
  }
}

void AlarmRulesEngine::evaluateRule(const AlarmRule &rule, const PointValue &pv) {
  Tracking &t = tracking_[pv.name];
  const bool high = pv.value > rule.high;
  const bool low = pv.value < rule.low;
  const bool backInBand =
      pv.value <= rule.high - rule.deadband && pv.value >= rule.low + rule.deadband;

  if (high || low) {
    if (!t.outOfRange) {
      t.outOfRange = true;
      t.since = pv.at;
    }
    if (!t.raised && pv.at - t.since >= rule.delay) {
      t.raised = true;
      t.alarm = Alarm{pv.controllerId, pv.name, rule.severity,
                      std::string(high ? "above " : "below ") +
                          formatValue(high ? rule.high : rule.low) + ": " +
                          formatValue(pv.value),
                      pv.at, false};
      raise(t.alarm); // OK: the outbox was checked open at the top of evaluate()
    }
    return;
  }
  if (!backInBand)
    return;
  t.outOfRange = false;
  if (t.raised) {
    t.raised = false;
    Alarm cleared = t.alarm;
    cleared.cleared = true;
    cleared.text = "returned to normal: " + formatValue(pv.value);
    cleared.raisedAt = pv.at;
    raise(cleared); // OK
  }
}

void AlarmRulesEngine::raise(const Alarm &alarm) {
  if (!outbox_.push(alarm)) // SAME: rules-offline
    diag_.warn("alarm outbox full; dropped %s on %s", severityName(alarm.severity),
               alarm.point.c_str());
}

std::size_t AlarmRulesEngine::drain() {
  std::size_t delivered = 0;
  while (std::optional<Alarm> alarm = outbox_.tryPop()) { // OK: tryPop() keeps working after quiesce()
    for (const Callback &cb : callbacks_)
      cb(*alarm);
    if (std::shared_ptr<EventChannel> channel = mirror_.lock())
      channel->send(alarmToJson(*alarm)); // BUG: use-after-close
    ++delivered;
  }
  return delivered;
}

void AlarmRulesEngine::quiesce() {
  outbox_.close();
  Alarm offline;
  offline.source = "bmsd";
  offline.point = "bmsd/alarm-rules";
  offline.severity = Severity::Major;
  offline.text = "alarm evaluation stopped";
  offline.raisedAt = std::chrono::system_clock::now();
  raise(offline); // BUG: use-after-close #rules-offline
}

std::vector<Alarm> AlarmRulesEngine::activeAlarms() const {
  std::vector<Alarm> active;
  for (const auto &[point, t] : tracking_)
    if (t.raised)
      active.push_back(t.alarm);
  return active;
}

} // namespace bmsd
