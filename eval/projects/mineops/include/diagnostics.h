// SelfTest: on-demand diagnostics run by the control-room operator.
#pragma once

#include <memory>
#include <string>

#include "status.h"

class LeakyFeederGateway;
class SensorBus;

class SelfTest {
public:
    SelfTest(std::shared_ptr<LeakyFeederGateway> gateway, std::shared_ptr<SensorBus> bus, std::string reportDir);

    Status radioLoopback();
    Status probeSerial(const std::string& device);
    Status sensorSweep();

private:
    std::shared_ptr<LeakyFeederGateway> gateway_;
    std::shared_ptr<SensorBus> bus_;
    std::string reportDir_;
};
