// AirflowMonitor: airflow supervision of one level. Every reading is published as an
// "airflow.reading" event; the monitor's own subscription records it in the historian and
// a per-shift CSV.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "file_handle.h"
#include "status.h"

class SensorBus;
class EventDispatcher;
class HistorianWriter;

class AirflowMonitor {
public:
    AirflowMonitor(std::string level, std::shared_ptr<SensorBus> bus, std::shared_ptr<EventDispatcher> events,
                   std::shared_ptr<HistorianWriter> hist, std::string csvDir);
    ~AirflowMonitor();

    void start();
    void sample();
    Status rollCsv(bool keepLogging);
    void stop();
    double lastReading() const;
    int droppedRecords() const;

private:
    std::string csvPath(int index) const;

    std::string level_;
    std::shared_ptr<SensorBus> bus_;
    std::shared_ptr<EventDispatcher> events_;
    std::shared_ptr<HistorianWriter> hist_;
    std::string csvDir_;
    std::optional<FileHandle> csv_;
    int csvIndex_ = 0;
    int subscription_ = -1;
    double last_ = 0.0;
    std::shared_ptr<std::atomic<int>> dropped_;
};
