// BounceNotifier: turns permanent delivery failures into delivery status
// notifications (DSNs) for the sender.
//
// attach(bus) subscribes to "delivery.failed". For every permanent failure a
// DSN is appended to the bounce spool (which the intake picks up and mails
// back) and the bounce is announced on the EventPublisher. The bounce spool is
// rotated when it grows past maxBytes. close() closes the bounce spool and is
// idempotent; the destructor unsubscribes from the bus and calls close().
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "mailq/event_bus.h"
#include "mailq/event_publisher.h"
#include "mailq/spool_file.h"

namespace mailq {

class BounceNotifier {
public:
  BounceNotifier(std::string dir, std::shared_ptr<EventPublisher> publisher,
                 std::size_t maxBytes = 4u << 20);
  ~BounceNotifier();
  BounceNotifier(const BounceNotifier &) = delete;
  BounceNotifier &operator=(const BounceNotifier &) = delete;

  void attach(EventBus &bus);
  void close();
  bool isOpen() const;
  std::size_t bounced() const;

private:
  void onDeliveryFailed(const Event &e);
  std::string nextPathLocked();

  const std::string dir_;
  std::shared_ptr<EventPublisher> publisher_;
  const std::size_t maxBytes_;
  mutable std::mutex mu_;
  std::optional<SpoolFile> file_;
  EventBus *bus_ = nullptr;
  EventBus::Token token_ = 0;
  bool closed_ = false;
  unsigned seq_ = 0;
  std::size_t bounced_ = 0;
};

} // namespace mailq
