// Factories for the dispatcher's callbacks. Each returns a closure that owns (shared_ptr)
// or observes (weak_ptr) the component it talks to. Events are emitted on the control
// thread, the same thread that closes the audit trail and stops the tracker.
#include "handler_factory.h"

#include <cstdio>

namespace tubed {

namespace {
std::string describe(const Event& e) {
  std::string text = event_kind_name(e.kind);
  if (!e.detail.empty()) text += " " + e.detail;
  return text;
}
}  // namespace

EventDispatcher::Handler make_audit_handler(std::shared_ptr<AuditWriter> audit) {
  return [audit](const Event& e) {
    audit->write("event " + describe(e)); // SAME: audit_cb
  };
}

EventDispatcher::Handler make_soft_audit_handler(std::weak_ptr<AuditWriter> audit) {
  return [audit](const Event& e) {
    std::shared_ptr<AuditWriter> writer = audit.lock();
    if (!writer) return;
    writer->try_write("event " + describe(e)); // OK: try_write() checks the stream under the writer's lock and skips a closed trail
  };
}

EventDispatcher::Handler make_gateway_handler(std::weak_ptr<NurseCallGateway> gateway) {
  return [gateway](const Event& e) {
    std::shared_ptr<NurseCallGateway> gw = gateway.lock();
    if (!gw) return;  // the network is being destroyed
    Status s = gw->Notify("TUBE " + describe(e)); // SAME: gw_cb
    if (!s.is_ok()) std::fprintf(stderr, "tubed: nurse-call page failed: %s\n", s.to_string().c_str());
  };
}

EventDispatcher::Handler make_tracker_handler(std::weak_ptr<CarrierTracker> tracker) {
  return [tracker](const Event& e) {
    if (e.kind != EventKind::CarrierLost) return;
    std::shared_ptr<CarrierTracker> t = tracker.lock();
    if (!t || !t->running()) return;
    t->record(TagEvent{"", "network", "carrier lost: " + e.detail}); // OK: running() means the queue is open; stop() runs on this same thread
  };
}

}  // namespace tubed
