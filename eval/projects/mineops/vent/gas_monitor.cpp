// GasMonitor: methane and CO supervision for one level. Besides the periodic sample() it
// takes an immediate reading whenever a fan on the mine stops; that handler holds only weak
// references and checks that the bus is still open (the bus is shut down on the control
// thread, which is also the thread that publishes fan-stop events).
#include "gas_monitor.h"

#include <cstdio>
#include <utility>

#include "dispatcher.h"
#include "sensor_bus.h"

namespace {
constexpr double kMethaneTripPct = 1.25;
constexpr double kCoTripPpm = 30.0;

std::string pct(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}
}  // namespace

GasMonitor::GasMonitor(std::string level, std::shared_ptr<SensorBus> bus,
                       std::shared_ptr<BoundedQueue<Alarm>> alarms, std::shared_ptr<EventDispatcher> events)
    : level_(std::move(level)), bus_(std::move(bus)), alarms_(std::move(alarms)), events_(std::move(events)) {}

GasMonitor::~GasMonitor() {
    stop();
}

void GasMonitor::start() {
    if (subscription_ >= 0) return;
    std::weak_ptr<SensorBus> weakBus = bus_;
    std::weak_ptr<BoundedQueue<Alarm>> weakAlarms = alarms_;
    const std::string level = level_;
    subscription_ = events_->subscribe("ventilation.fan_stopped", [weakBus, weakAlarms, level](const Event&) {
        auto bus = weakBus.lock();
        auto alarms = weakAlarms.lock();
        if (!bus || !alarms || !bus->isOpen()) return;
        const double ch4 = bus->read(Channel::Methane); // OK: bus locked from the weak_ptr and checked open on the thread that shuts it down
        if (ch4 >= kMethaneTripPct) {
            alarms->tryPush(Alarm{Severity::Critical, level, "CH4 " + pct(ch4) + "% after fan stop"}); // OK: tryPush() returns false on a closed queue instead of throwing
        }
    });
}

void GasMonitor::sample() {
    const double ch4 = bus_->read(Channel::Methane);
    const double co = bus_->read(Channel::CarbonMonoxide);
    lastMethane_ = ch4;
    if (ch4 >= kMethaneTripPct) {
        alarms_->push(Alarm{Severity::Critical, level_, "CH4 " + pct(ch4) + "%"});
        events_->publish(Event{"gas.alarm", ch4, level_});
    }
    if (co >= kCoTripPpm) {
        alarms_->push(Alarm{Severity::Warning, level_, "CO " + pct(co) + " ppm"});
    }
}

void GasMonitor::finalCheck() {
    const double ch4 = bus_->read(Channel::Methane); // SAME: gas-final
    lastMethane_ = ch4;
    alarms_->tryPush(Alarm{Severity::Info, level_, "closing CH4 reading " + pct(ch4) + "%"});
}

void GasMonitor::stop() {
    if (subscription_ < 0) return;
    events_->unsubscribe(subscription_);
    subscription_ = -1;
}

double GasMonitor::lastMethane() const {
    return lastMethane_;
}
