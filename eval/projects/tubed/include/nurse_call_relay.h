// NurseCallRelay: forwards alarms of a minimum severity to the nurse-call gateway.
#pragma once

#include <atomic>
#include <memory>

#include "alarm_bus.h"
#include "nurse_call.h"

namespace tubed {

class NurseCallRelay : public AlarmObserver {
 public:
  NurseCallRelay(std::shared_ptr<AlarmBus> bus, std::shared_ptr<NurseCallGateway> gateway, Severity min);
  ~NurseCallRelay() override;  // unsubscribes
  void on_alarm(const Alarm& alarm) override;
  long dropped() const;

 private:
  std::weak_ptr<AlarmBus> bus_;
  std::shared_ptr<NurseCallGateway> gateway_;
  Severity min_;
  std::atomic<long> dropped_{0};
};

}  // namespace tubed
