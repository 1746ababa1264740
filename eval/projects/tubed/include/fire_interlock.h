// FireInterlock: on a fire alarm, stops every transaction and the blowers and hands the
// nurse-call line over to the fire panel. Latched until reset().
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "alarm_bus.h"
#include "blower.h"
#include "nurse_call.h"
#include "transaction_manager.h"

namespace tubed {

class FireInterlock {
 public:
  FireInterlock(std::shared_ptr<TransactionManager> tx, std::shared_ptr<BlowerController> blowers,
                std::shared_ptr<NurseCallGateway> gateway, std::shared_ptr<AlarmBus> alarms);

  void trip(const std::string& zone);
  Status reset();
  bool tripped() const;

 private:
  std::shared_ptr<TransactionManager> tx_;
  std::shared_ptr<BlowerController> blowers_;
  std::shared_ptr<NurseCallGateway> gateway_;
  std::shared_ptr<AlarmBus> alarms_;
  std::atomic<bool> tripped_{false};
};

}  // namespace tubed
