// Factories for the dispatcher callbacks the network registers.
#pragma once

#include <memory>

#include "audit_writer.h"
#include "carrier_tracker.h"
#include "dispatcher.h"
#include "nurse_call.h"

namespace tubed {

// Writes every event to the audit trail (keeps the writer alive).
EventDispatcher::Handler make_audit_handler(std::shared_ptr<AuditWriter> audit);
// Writes events while the trail is open and skips them once it is closed or gone.
EventDispatcher::Handler make_soft_audit_handler(std::weak_ptr<AuditWriter> audit);
// Pages the nurse-call server while the gateway object is alive.
EventDispatcher::Handler make_gateway_handler(std::weak_ptr<NurseCallGateway> gateway);
// Records a lost carrier while the tracker is running.
EventDispatcher::Handler make_tracker_handler(std::weak_ptr<CarrierTracker> tracker);

}  // namespace tubed
