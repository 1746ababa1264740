// Level: one working level. The constructor hands the level's sensor bus to both monitors
// and the alarm queue to both the gas monitor and the pump station. shutdown() stops the
// level's equipment; the destructor runs it if nobody else did.
#include "level.h"

#include <exception>
#include <utility>

#include "airflow_monitor.h"
#include "dispatcher.h"
#include "fan_controller.h"
#include "gas_monitor.h"
#include "historian.h"
#include "pump_station.h"
#include "sensor_bus.h"

Level::Level(const LevelConfig& cfg, std::shared_ptr<EventDispatcher> events,
             std::shared_ptr<BoundedQueue<Alarm>> alarms, std::shared_ptr<HistorianWriter> hist)
    : cfg_(cfg),
      bus_(std::make_shared<SensorBus>(cfg.sensorDevice)),
      fans_(std::make_shared<FanController>()),
      pumps_(std::make_shared<PumpStation>(cfg.name, alarms)),
      gas_(std::make_unique<GasMonitor>(cfg.name, bus_, alarms, events)),
      airflow_(std::make_unique<AirflowMonitor>(cfg.name, bus_, events, std::move(hist), cfg.logDir)) {}

Level::~Level() {
    if (shutDown_) return;
    try {
        shutdown();
    } catch (const std::exception&) {
        // destructor: nothing left to report to
    }
}

Status Level::bringUp() {
    Status st = bus_->open();
    if (!st.ok()) return st;
    for (const auto& fan : cfg_.fans) {
        st = fans_->addFan(fan.first, fan.second);
        if (!st.ok()) {
            bus_->shutdown();
            return st;
        }
    }
    for (const auto& pump : cfg_.pumps) {
        st = pumps_->addPump(pump.first, pump.second);
        if (!st.ok()) {
            bus_->shutdown();
            return st;
        }
    }
    gas_->start();
    airflow_->start();
    pumps_->startTelemetry();
    return Status::Ok();
}

void Level::sample() {
    if (shutDown_ || !bus_->isOpen()) return;
    gas_->sample(); // OK: bus checked open above; only shutdown(), on this thread, closes it
    airflow_->sample();
}

void Level::shutdown() {
    if (shutDown_) return;
    shutDown_ = true;
    gas_->stop();
    pumps_->shutdown();
    bus_->shutdown(); // SAME: o2-race
    gas_->finalCheck(); // BUG: use-after-close #gas-final
}

const std::string& Level::name() const {
    return cfg_.name;
}

double Level::lastAirflow() const {
    return airflow_->lastReading();
}

std::shared_ptr<FanController> Level::fans() const {
    return fans_;
}

std::shared_ptr<PumpStation> Level::pumps() const {
    return pumps_;
}

std::shared_ptr<SensorBus> Level::sensors() const {
    return bus_;
}
