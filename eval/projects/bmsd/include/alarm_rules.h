// AlarmRulesEngine: evaluates point values against the configured limit
// rules (with delay and deadband), queues raised / cleared alarms in its
// outbox, and on drain() hands them to the registered callbacks and mirrors
// them to the facility event bus.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "alarm.h"
#include "mailbox.h"
#include "messaging.h"
#include "point.h"

namespace bmsd {

class Diagnostics;

class AlarmRulesEngine {
public:
  using Callback = std::function<void(const Alarm &)>;

  AlarmRulesEngine(Diagnostics &diag, std::size_t outboxDepth);

  void setRules(std::vector<AlarmRule> rules);
  void onAlarm(Callback cb);
  void mirrorTo(std::weak_ptr<EventChannel> channel);

  void evaluate(const PointValue &pv);
  std::size_t drain();
  void quiesce();
  std::vector<Alarm> activeAlarms() const;

private:
  struct Tracking {
    bool outOfRange = false;
    bool raised = false;
    std::chrono::system_clock::time_point since;
    Alarm alarm;
  };

  void raise(const Alarm &alarm);
  void evaluateRule(const AlarmRule &rule, const PointValue &pv);

  Diagnostics &diag_;
  std::vector<AlarmRule> rules_;
  std::vector<Callback> callbacks_;
  std::weak_ptr<EventChannel> mirror_;
  BoundedMailbox<Alarm> outbox_;
  std::map<std::string, Tracking> tracking_;
};

} // namespace bmsd
