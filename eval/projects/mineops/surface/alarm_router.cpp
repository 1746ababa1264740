// AlarmRouter: forwards queued alarms to the control room. While the link is down the alarm
// goes into the historian instead (if that is still open). The router, the link and the
// historian are all driven from the control thread.
#include "alarm_router.h"

#include <string>
#include <utility>

#include "control_room.h"
#include "historian.h"

namespace {
std::string format(const Alarm& a) {
    const char* sev = a.severity == Severity::Critical ? "CRIT" : a.severity == Severity::Warning ? "WARN" : "INFO";
    return std::string(sev) + " " + a.source + " " + a.text;
}
}  // namespace

AlarmRouter::AlarmRouter(std::shared_ptr<BoundedQueue<Alarm>> queue, std::shared_ptr<ControlRoomLink> link,
                         std::shared_ptr<HistorianWriter> hist)
    : queue_(std::move(queue)), link_(std::move(link)), hist_(std::move(hist)) {}

AlarmRouter::~AlarmRouter() {
    stop();
}

std::size_t AlarmRouter::drain() {
    std::size_t sent = 0;
    while (auto alarm = queue_->tryPop()) {
        const std::string line = format(*alarm);
        if (link_->isConnected()) {
            Status st = link_->send(line); // OK: isConnected() checked just above, and the link is only dropped on this thread
            if (st.ok()) {
                ++sent;
                ++forwarded_;
                continue;
            }
        }
        if (hist_->isOpen()) hist_->append("UNSENT " + line); // OK: historian checked open; it is closed only on this thread
    }
    return sent;
}

Status AlarmRouter::flush() {
    return link_->send("EOB " + std::to_string(forwarded_)); // SAME: alarm-flush
}

void AlarmRouter::stop() {
    queue_->close();
}

std::size_t AlarmRouter::forwarded() const {
    return forwarded_;
}
