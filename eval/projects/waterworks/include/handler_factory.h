// Factories for the event handlers the plant registers with its dispatcher.
#pragma once

#include <memory>

#include "alarm_manager.h"
#include "audit_log.h"
#include "console_session.h"
#include "event_dispatcher.h"
#include "scada_uplink.h"

namespace ww {

// Forwards station events to the SCADA master.
EventDispatcher::Handler make_uplink_forwarder(std::shared_ptr<ScadaUplink> uplink);
// Forwards events while the uplink exists and is connected; drops them otherwise.
EventDispatcher::Handler make_guarded_forwarder(std::weak_ptr<ScadaUplink> uplink);
// Raises a level alarm when a reading leaves [low_m, high_m].
EventDispatcher::Handler make_level_alarm_handler(std::weak_ptr<AlarmManager> alarms, double low_m,
                                                  double high_m);
// Writes events to the audit log while it is open.
EventDispatcher::Handler make_audit_sink(std::shared_ptr<AuditLog> audit);
// Echoes console announcements to one operator's session.
EventDispatcher::Handler make_console_feed(std::weak_ptr<ConsoleSession> session);

}  // namespace ww
