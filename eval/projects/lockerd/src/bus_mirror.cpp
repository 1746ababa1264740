// BusMirror: copies of the published notifications wait in a bounded
// backlog and are forwarded to the dashboard channel from the main loop.
// A send failure drops the channel; the housekeeping tick reconnects it.
#include "bus_mirror.h"

#include "diag_log.h"
#include "notification_publisher.h"

#include <exception>

BusMirror::BusMirror(std::unique_ptr<EventChannel> channel, std::size_t backlog, DiagLog &diag)
    : channel_(std::move(channel)), backlog_(backlog), diag_(diag) {}

BusMirror::~BusMirror() {
  if (channel_ && channel_->isOpen())
    channel_->close(); // OK
}

void BusMirror::attachTo(NotificationPublisher &publisher) {
  std::weak_ptr<BusMirror> self = weak_from_this();
  publisher.onPublished([self](const Notification &n) {
    if (std::shared_ptr<BusMirror> mirror = self.lock())
      mirror->enqueue(n);
  });
}

void BusMirror::enqueue(const Notification &n) {
  if (backlog_.closed()) {
    ++dropped_;
    return;
  }
  if (!backlog_.push(formatNotification(n))) // OK
    ++dropped_;
}

std::size_t BusMirror::forward(std::size_t max) {
  if (!channel_->isOpen())
    return 0;
  std::size_t sent = 0;
  for (const std::string &line : backlog_.popBatch(max)) {
    try {
      channel_->send(line); // BUG: use-after-close
      ++sent;
    } catch (const std::exception &e) {
      diag_.warn("bus mirror: send failed, dropping the channel: %s", e.what());
      if (channel_->isOpen())
        channel_->close(); // OK
      ++dropped_;
    }
  }
  return sent;
}

Status BusMirror::reconnect(std::unique_ptr<EventChannel> fresh) {
  if (!fresh)
    return Status::rejected("bus mirror: reconnect without a channel");
  if (channel_->isOpen())
    channel_->close();
  channel_ = std::move(fresh);
  channel_->send("mirror resumed; " + std::to_string(dropped_) + " events dropped so far"); // OK
  return Status::success();
}

void BusMirror::stop() {
  backlog_.close();
  if (!channel_->isOpen())
    return;
  for (const std::string &line : backlog_.drain())
    channel_->send(line); // OK
  channel_->close();
}

bool BusMirror::healthy() const { return channel_ && channel_->isOpen(); }
