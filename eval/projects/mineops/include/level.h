// Level: one working level of the mine. Its constructor wires the level's sensor bus into
// both the gas and the airflow monitor (one shared_ptr, two users).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "alarm.h"
#include "bounded_queue.h"
#include "status.h"

class AirflowMonitor;
class EventDispatcher;
class FanController;
class GasMonitor;
class HistorianWriter;
class PumpStation;
class SensorBus;

struct LevelConfig {
    std::string name;
    std::string sensorDevice;
    std::string logDir;
    std::vector<std::pair<int, std::string>> fans;
    std::vector<std::pair<int, std::string>> pumps;
};

class Level {
public:
    Level(const LevelConfig& cfg, std::shared_ptr<EventDispatcher> events,
          std::shared_ptr<BoundedQueue<Alarm>> alarms, std::shared_ptr<HistorianWriter> hist);
    ~Level();

    Status bringUp();
    void sample();
    void shutdown();
    const std::string& name() const;
    double lastAirflow() const;
    std::shared_ptr<FanController> fans() const;
    std::shared_ptr<PumpStation> pumps() const;
    std::shared_ptr<SensorBus> sensors() const;

private:
    LevelConfig cfg_;
    std::shared_ptr<SensorBus> bus_;
    std::shared_ptr<FanController> fans_;
    std::shared_ptr<PumpStation> pumps_;
    std::unique_ptr<GasMonitor> gas_;
    std::unique_ptr<AirflowMonitor> airflow_;
    bool shutDown_ = false;
};
