// SensorBus: the gas and airflow sensor network of one level (an RS-485 bus).
// read() throws std::runtime_error once the bus is shut down; shutdown() is idempotent.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "status.h"

enum class Channel : uint8_t { Methane = 1, CarbonMonoxide = 2, Oxygen = 3, Airflow = 4 };

class SensorBus {
public:
    explicit SensorBus(std::string device);
    ~SensorBus();

    SensorBus(const SensorBus&) = delete;
    SensorBus& operator=(const SensorBus&) = delete;

    Status open();
    void shutdown();
    bool isOpen() const;
    double read(Channel channel);

private:
    std::string device_;
    int fd_ = -1;
    std::atomic<bool> open_{false};
    std::mutex mu_;
};
