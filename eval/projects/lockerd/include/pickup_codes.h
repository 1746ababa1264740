// Pickup codes: a code per dropped parcel, the notice to the recipient, a
// reminder if the parcel is still there a day later, and redeeming a code
// at the bank's keypad or from the console.
#pragma once
#include "door_event.h"
#include "reminder_timers.h"
#include "status.h"

#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <string>

class CompartmentStore;
class DiagLog;
class LinkRegistry;
class NotificationPublisher;

class PickupCodeService {
public:
  PickupCodeService(CompartmentStore &store, LinkRegistry &registry, ReminderTimers &timers,
                    DiagLog &diag, std::chrono::hours remindAfter);

  void bindPublisher(std::shared_ptr<NotificationPublisher> publisher);
  void onParcelDropped(const DoorEvent &ev);
  void onParcelCollected(const DoorEvent &ev);
  Status redeem(const std::string &bankId, const std::string &code);

private:
  std::string newCode();

  CompartmentStore &store_;
  LinkRegistry &registry_;
  ReminderTimers &timers_;
  DiagLog &diag_;
  const std::chrono::hours remindAfter_;
  std::shared_ptr<NotificationPublisher> publisher_;
  std::map<std::string, ReminderTimers::TimerId> reminders_;
  std::mt19937 rng_;
};
