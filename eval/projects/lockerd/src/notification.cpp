// Notification builders for deliveries, pickups, reminders, alarms and
// system notices, and their conversion into bus records.
#include "notification.h"

#include "csv_format.h"

namespace {
Notification make(NotificationKind kind, std::string key, std::string subject, std::string body,
                  std::time_t at) {
  Notification n;
  n.kind = kind;
  n.key = std::move(key);
  n.subject = std::move(subject);
  n.body = std::move(body);
  n.at = at;
  return n;
}
} // namespace

Notification deliveryNotice(const DoorEvent &ev, const std::string &pickupCode) {
  return make(NotificationKind::Delivery, ev.parcelId, "Your parcel has arrived",
              "Parcel " + ev.parcelId + " is waiting in locker " + ev.bankId + ", compartment " +
                  std::to_string(ev.compartment) + ". Pickup code: " + pickupCode,
              ev.at);
}

Notification pickupNotice(const DoorEvent &ev) {
  return make(NotificationKind::Pickup, ev.bankId + "/" + std::to_string(ev.compartment),
              "Parcel collected",
              "A parcel was collected from locker " + ev.bankId + " at " + formatTimestamp(ev.at),
              ev.at);
}

Notification reminderNotice(const DoorEvent &ev, const std::string &pickupCode) {
  return make(NotificationKind::Reminder, ev.parcelId, "Your parcel is still waiting",
              "Parcel " + ev.parcelId + " is still in locker " + ev.bankId + ". Pickup code: " +
                  pickupCode,
              ev.at);
}

Notification alarmNotice(const std::string &bankId, const std::string &what) {
  return make(NotificationKind::Alarm, bankId, "Locker alarm", bankId + ": " + what,
              std::time(nullptr));
}

Notification systemNotice(const std::string &text) {
  return make(NotificationKind::System, "lockerd", "lockerd", text, std::time(nullptr));
}

std::string topicFor(NotificationKind kind, const std::string &prefix) {
  switch (kind) {
  case NotificationKind::Delivery:
    return prefix + "delivery";
  case NotificationKind::Pickup:
    return prefix + "pickup";
  case NotificationKind::Reminder:
    return prefix + "reminder";
  case NotificationKind::Alarm:
    return prefix + "alarm";
  case NotificationKind::System:
    return prefix + "system";
  }
  return prefix + "misc";
}

kafka::ProducerRecord toRecord(const Notification &n, const std::string &topicPrefix) {
  kafka::ProducerRecord record;
  record.Topic = topicFor(n.kind, topicPrefix);
  record.Value = "{\"key\":\"" + n.key + "\",\"at\":\"" + formatTimestamp(n.at) +
                 "\",\"subject\":\"" + n.subject + "\",\"body\":\"" + n.body + "\"}";
  return record;
}

std::string formatNotification(const Notification &n) {
  return formatTimestamp(n.at) + " " + topicFor(n.kind, "") + " " + n.key + " " + n.subject;
}
