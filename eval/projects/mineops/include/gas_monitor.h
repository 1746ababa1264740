// GasMonitor: methane / CO supervision of one level. Reads the level's sensor bus and raises
// alarms on the mine-wide alarm queue.
#pragma once

#include <memory>
#include <string>

#include "alarm.h"
#include "bounded_queue.h"

class SensorBus;
class EventDispatcher;

class GasMonitor {
public:
    GasMonitor(std::string level, std::shared_ptr<SensorBus> bus,
               std::shared_ptr<BoundedQueue<Alarm>> alarms, std::shared_ptr<EventDispatcher> events);
    ~GasMonitor();

    void start();
    void sample();
    void finalCheck();
    void stop();
    double lastMethane() const;

private:
    std::string level_;
    std::shared_ptr<SensorBus> bus_;
    std::shared_ptr<BoundedQueue<Alarm>> alarms_;
    std::shared_ptr<EventDispatcher> events_;
    int subscription_ = -1;
    double lastMethane_ = 0.0;
};
