// Second sink for notifications: a copy of every published notification is
// forwarded over an EventChannel to the operations dashboard.
#pragma once
#include "bounded_queue.h"
#include "messaging.h"
#include "notification.h"
#include "status.h"

#include <cstddef>
#include <memory>
#include <string>

class DiagLog;
class NotificationPublisher;

class BusMirror : public std::enable_shared_from_this<BusMirror> {
public:
  BusMirror(std::unique_ptr<EventChannel> channel, std::size_t backlog, DiagLog &diag);
  ~BusMirror();

  void attachTo(NotificationPublisher &publisher);
  void enqueue(const Notification &n);
  std::size_t forward(std::size_t max);
  Status reconnect(std::unique_ptr<EventChannel> fresh);
  void stop();
  bool healthy() const;
  std::size_t dropped() const { return dropped_; }

private:
  std::unique_ptr<EventChannel> channel_;
  BoundedQueue<std::string> backlog_;
  DiagLog &diag_;
  std::size_t dropped_ = 0;
};
