// BounceNotifier: DSNs for permanent delivery failures (see bounce_notifier.h).
#include "mailq/bounce_notifier.h"

#include <filesystem>
#include <utility>

#include "mailq/log.h"
#include "mailq/message.h"

namespace mailq {

namespace {

Message makeDsn(const Event &e) {
  Message dsn;
  dsn.id = makeMessageId();
  dsn.sender.clear(); // null reverse-path: never bounce a bounce
  dsn.recipients.push_back(e.sender);
  dsn.body = "Subject: Undelivered Mail Returned to Sender\n\n"
             "Your message " + e.messageId +
             " could not be delivered and will not be retried.\n\n"
             "Reason: " + e.detail + "\n";
  return dsn;
}

} // namespace

BounceNotifier::BounceNotifier(std::string dir,
                               std::shared_ptr<EventPublisher> publisher,
                               std::size_t maxBytes)
    : dir_(std::move(dir)), publisher_(std::move(publisher)), maxBytes_(maxBytes) {
  std::filesystem::create_directories(dir_);
  std::lock_guard<std::mutex> lk(mu_);
  file_.emplace(nextPathLocked());
}

BounceNotifier::~BounceNotifier() {
  if (bus_)
    bus_->unsubscribe(token_);
  close(); // OK: close() is idempotent
}

std::string BounceNotifier::nextPathLocked() {
  return dir_ + "/bounces-" + std::to_string(++seq_) + "-" + makeMessageId() + ".spool";
}

void BounceNotifier::attach(EventBus &bus) {
  bus_ = &bus;
  token_ = bus.subscribe("delivery.failed",
                         [this](const Event &e) { onDeliveryFailed(e); });
}

void BounceNotifier::onDeliveryFailed(const Event &e) {
  if (!e.permanent || e.sender.empty())
    return; // transient failures are retried; bounces are never bounced
  const Message dsn = makeDsn(e);
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!file_)
      file_.emplace(nextPathLocked()); // an earlier rotation failed to open its file
    file_->append(dsn); // BUG: use-after-close #bounce_after_close
    ++bounced_;
    if (file_->bytesWritten() >= maxBytes_) {
      file_->close(); // OK: rotation; the file was just written, so it is open, and it is replaced below
      file_.emplace(nextPathLocked());
    }
  }
  publisher_->publish("mailq.bounces", e.messageId + " " + e.detail);
}

void BounceNotifier::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  if (!file_)
    return;
  try {
    file_->close(); // SAME: bounce_after_close
  } catch (const std::exception &ex) {
    logError(std::string("bounces: closing bounce spool: ") + ex.what());
  }
}

bool BounceNotifier::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return !closed_;
}

std::size_t BounceNotifier::bounced() const {
  std::lock_guard<std::mutex> lk(mu_);
  return bounced_;
}

} // namespace mailq
