// Network teardown, phases 4-5: the fieldbus (blowers and diverters) and the services
// (nurse-call gateway, alarm relay, audit trail, event subscribers).
#include <cstdio>

#include "network.h"

namespace tubed {

void Network::stop_field() {
  bus_->shutdown(); // OK: FieldbusPool::shutdown() is idempotent; the night drain may have run it
  Status s = blowers_->spin_down(); // BUG: use-after-close #blower_spin
  if (!s.is_ok()) std::fprintf(stderr, "tubed: blower spin-down: %s\n", s.to_string().c_str());
}

void Network::stop_services() {
  gateway_->Close(); // SAME: fire_shutdown
  notify_wards("tube system offline"); // BUG: use-after-close #offline_notice
  relay_.reset();  // unsubscribes from the alarm bus
  alarms_->publish(Alarm{Severity::Warning, "network", "tube system offline"}); // OK: the nurse-call relay unsubscribed in its destructor; the audit log skips a closed trail
  audit_->close(); // OK: idempotent; the night drain may have closed the trail already
  dispatcher_->emit(Event{EventKind::SystemStopped, "shutdown"}); // BUG: use-after-close #audit_cb
}

}  // namespace tubed
