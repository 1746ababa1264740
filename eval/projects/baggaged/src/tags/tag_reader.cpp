// TagReaderService: polls the induction reader (barcode or RFID, held in a
// std::variant), buffers tags in a ring buffer and dispatches each one as a
// BagTag message. A reader failure closes the connection and stops polling.
#include "tag_reader.h"

#include "event_bus.h"
#include "handler_registry.h"

TagReaderService::TagReaderService(ReaderConn conn, std::shared_ptr<EventBus> events,
                                   std::shared_ptr<HandlerRegistry> registry)
    : conn_(std::move(conn)), events_(std::move(events)), registry_(std::move(registry)) {}

Status TagReaderService::start() {
  if (shutDown_) return Status::Error(StatusCode::Closed, "tag reader shut down");
  Status st = std::visit([](auto& c) { return c.open(); }, conn_);
  if (!st.ok()) return st;
  running_ = true;
  return Status::Ok();
}

std::size_t TagReaderService::pollOnce() {
  if (!running_) return 0;
  std::size_t n = 0;
  for (;;) {
    std::string tag;
    Status st = std::visit([&tag](auto& c) { return c.readTag(tag); }, conn_); // OK: running_ is cleared whenever the connection gets closed
    if (st.code() == StatusCode::NotFound) break;
    if (!st.ok()) {
      std::visit([](auto& c) { c.close(); }, conn_);
      running_ = false;
      events_->publish(Event{Topic::ReaderOffline, "", "", static_cast<int>(st.code())});
      break;
    }
    if (!pending_.push(tag)) {
      dispatchPending();
      pending_.push(tag);
    }
    ++n;
  }
  dispatchPending();
  return n;
}

void TagReaderService::shutdown() {
  if (shutDown_) return;
  shutDown_ = true;
  running_ = false;
  std::visit([](auto& c) { c.close(); }, conn_); // OK: idempotent close, pollOnce() may have closed it already
  salvaged_ = flushPartialReads(); // BUG: use-after-close #reader_flush
  pending_.close();
  dispatchPending(); // OK: pop() keeps draining a closed ring buffer
}

std::size_t TagReaderService::flushPartialReads() {
  std::size_t n = 0;
  std::string tag;
  Status st = std::visit([&tag](auto& c) { return c.readTag(tag); }, conn_); // SAME: reader_flush
  if (st.ok() && pending_.push(tag)) ++n;
  return n;
}

void TagReaderService::dispatchPending() {
  while (auto tag = pending_.pop()) {
    registry_->dispatch(Message{MsgType::BagTag, *tag});
  }
}

bool TagReaderService::running() const { return running_; }

std::size_t TagReaderService::salvaged() const { return salvaged_; }
