// PumpStation: the dewatering pumps of one level, plus a telemetry thread that watches the
// sump level.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "alarm.h"
#include "bounded_queue.h"
#include "status.h"

class PumpChannel;

class PumpStation {
public:
    PumpStation(std::string name, std::shared_ptr<BoundedQueue<Alarm>> alarms);
    ~PumpStation();

    Status addPump(int id, const std::string& device);
    void startTelemetry();
    Status drainSump(double targetMetres);
    void shutdown();
    std::shared_ptr<PumpChannel> pump(int id) const;
    std::size_t pumpCount() const;
    double lastLevel() const;

private:
    std::shared_ptr<PumpChannel> firstOpen() const;

    std::string name_;
    std::shared_ptr<BoundedQueue<Alarm>> alarms_;
    std::vector<std::shared_ptr<PumpChannel>> pumps_;
    std::thread telemetry_;
    std::atomic<bool> stop_{false};
    std::atomic<double> lastLevel_{0.0};
};
