// Notifications for the SMS/e-mail senders and how they map onto bus records.
#pragma once
#include "door_event.h"
#include "messaging.h"

#include <ctime>
#include <string>

enum class NotificationKind { Delivery, Pickup, Reminder, Alarm, System };

struct Notification {
  NotificationKind kind = NotificationKind::System;
  std::string key;
  std::string subject;
  std::string body;
  std::time_t at = 0;
};

Notification deliveryNotice(const DoorEvent &ev, const std::string &pickupCode);
Notification pickupNotice(const DoorEvent &ev);
Notification reminderNotice(const DoorEvent &ev, const std::string &pickupCode);
Notification alarmNotice(const std::string &bankId, const std::string &what);
Notification systemNotice(const std::string &text);

std::string topicFor(NotificationKind kind, const std::string &prefix);
kafka::ProducerRecord toRecord(const Notification &n, const std::string &topicPrefix);
std::string formatNotification(const Notification &n);
