// PickupCodeService: a six-digit code for every dropped parcel, shown to the
// recipient in the delivery notice, a reminder record when the parcel is
// still there after remindAfter, and redemption of codes (keypad or
// console), which unlocks the compartment.
#include "pickup_codes.h"

#include "command_codec.h"
#include "compartment_store.h"
#include "diag_log.h"
#include "link_registry.h"
#include "notification.h"
#include "notification_publisher.h"

#include <cstdio>

PickupCodeService::PickupCodeService(CompartmentStore &store, LinkRegistry &registry,
                                     ReminderTimers &timers, DiagLog &diag,
                                     std::chrono::hours remindAfter)
    : store_(store), registry_(registry), timers_(timers), diag_(diag), remindAfter_(remindAfter),
      rng_(std::random_device{}()) {}

void PickupCodeService::bindPublisher(std::shared_ptr<NotificationPublisher> publisher) {
  publisher_ = std::move(publisher);
}

std::string PickupCodeService::newCode() {
  std::uniform_int_distribution<int> digits(0, 999999);
  char code[8];
  std::snprintf(code, sizeof code, "%06d", digits(rng_));
  return code;
}

void PickupCodeService::onParcelDropped(const DoorEvent &ev) {
  const std::string code = newCode();
  store_.setPickupCode(ev.bankId, ev.compartment, code);
  publisher_->publish(deliveryNotice(ev, code));

  if (registry_.isOnline(ev.bankId))
    registry_.pushTo(ev.bankId, displayText("Parcel stored in " + std::to_string(ev.compartment))); // OK

  std::shared_ptr<kafka::KafkaProducer> producer = publisher_->producer();
  kafka::ProducerRecord reminder = toRecord(reminderNotice(ev, code), publisher_->topicPrefix());
  const std::time_t due =
      ev.at + std::chrono::duration_cast<std::chrono::seconds>(remindAfter_).count();
  reminders_[ev.parcelId] = timers_.schedule(due, [producer, reminder] {
    producer->send(reminder); // BUG: use-after-close
  });
}

void PickupCodeService::onParcelCollected(const DoorEvent &ev) {
  for (auto it = reminders_.begin(); it != reminders_.end(); ++it) {
    if (it->first != ev.parcelId)
      continue;
    timers_.cancel(it->second);
    reminders_.erase(it);
    break;
  }
  publisher_->publish(pickupNotice(ev));
}

Status PickupCodeService::redeem(const std::string &bankId, const std::string &code) {
  std::optional<Compartment> compartment = store_.findByCode(bankId, code);
  if (!compartment) {
    diag_.info("pickup: wrong code entered at %s", bankId.c_str());
    return Status::notFound("pickup code at bank " + bankId);
  }
  if (!registry_.isOnline(bankId))
    return Status::closed("link to bank " + bankId);
  PushResult result = registry_.pushTo(bankId, unlockDoor(compartment->index, code)); // OK
  if (!result.ok())
    return Status::rejected(result.error);
  return Status::success();
}
