// AlarmMonitor: raises console alarms for emergency stops and gate jams and records
// them in the historian. Its handlers hold a weak_ptr to the monitor; the historian may
// already be closed by the shift handover, so alarms use append_if_open().
// Correct as written: the monitor never writes to a closed historian or console, and its
// unsubscribe calls are valid after the dispatcher has been stopped.
#include "alarm.h"

AlarmMonitor::AlarmMonitor(std::shared_ptr<EventDispatcher> events, std::weak_ptr<ConsoleRegistry> consoles,
                           std::shared_ptr<HistorianWriter> hist)
    : events_(std::move(events)), consoles_(std::move(consoles)), hist_(std::move(hist)) {}

AlarmMonitor::~AlarmMonitor() {
    disarm(); // OK: unsubscribe() stays valid after the dispatcher is stopped
}

void AlarmMonitor::arm() {
    std::weak_ptr<AlarmMonitor> weak = shared_from_this();
    std::lock_guard<std::mutex> lk(mu_);
    sub_ids_.push_back(events_->subscribe("crane.estop", [weak](const Event& ev) {
        if (auto self = weak.lock()) self->raise("EMERGENCY STOP crane " + ev.key);
    }));
    sub_ids_.push_back(events_->subscribe("gate.jam", [weak](const Event& ev) {
        if (auto self = weak.lock()) self->raise("gate jam lane " + ev.key);
    }));
}

void AlarmMonitor::disarm() {
    std::vector<int> ids;
    {
        std::lock_guard<std::mutex> lk(mu_);
        ids.swap(sub_ids_);
    }
    for (int id : ids) events_->unsubscribe(id);
}

void AlarmMonitor::raise(const std::string& text) {
    {
        std::lock_guard<std::mutex> lk(mu_);
        ++raised_;
    }
    hist_->append_if_open("alarm", text); // OK: append_if_open() checks fp_ under the writer's mutex
    if (auto consoles = consoles_.lock()) consoles->broadcast("ALARM " + text); // OK: broadcast() skips disconnected sessions
}

long AlarmMonitor::raised() const {
    std::lock_guard<std::mutex> lk(mu_);
    return raised_;
}
