// Event handler factories. Each returns a closure that the plant registers
// with its EventDispatcher; what the closure captures (a shared_ptr or a
// weak_ptr) decides what it may assume about its target when it runs.
#include "handler_factory.h"

#include <cstdio>
#include <utility>

namespace ww {

EventDispatcher::Handler make_uplink_forwarder(std::shared_ptr<ScadaUplink> uplink) {
  return [uplink](const Event& e) {
    Status st = uplink->forward(e); // SAME: uplink_cb
    if (!st.ok()) std::fprintf(stderr, "scada forward failed: %s\n", st.ToString().c_str());
  };
}

EventDispatcher::Handler make_guarded_forwarder(std::weak_ptr<ScadaUplink> uplink) {
  return [uplink](const Event& e) {
    std::shared_ptr<ScadaUplink> up = uplink.lock();
    if (!up || !up->connected()) return;
    Status st = up->forward(e); // OK: connected() checked just above
    if (!st.ok()) std::fprintf(stderr, "scada forward failed: %s\n", st.ToString().c_str());
  };
}

EventDispatcher::Handler make_level_alarm_handler(std::weak_ptr<AlarmManager> alarms, double low_m,
                                                  double high_m) {
  return [alarms, low_m, high_m](const Event& e) {
    if (e.value >= low_m && e.value <= high_m) return;
    std::shared_ptr<AlarmManager> am = alarms.lock();
    if (!am || !am->running()) return;
    const char* what = e.value < low_m ? "level below minimum" : "level above maximum";
    am->raise(Alarm{Severity::kWarning, e.source, what, 0}); // OK: running() checked; level events stop before the alarm manager does
  };
}

EventDispatcher::Handler make_audit_sink(std::shared_ptr<AuditLog> audit) {
  return [audit](const Event& e) {
    if (!audit->is_open()) return;
    audit->append(e.source, e.text); // OK: is_open() checked first
  };
}

EventDispatcher::Handler make_console_feed(std::weak_ptr<ConsoleSession> session) {
  return [session](const Event& e) {
    if (std::shared_ptr<ConsoleSession> s = session.lock()) s->send_line("* " + e.text); // SAME: console_feed
  };
}

}  // namespace ww
