// CipSequencer: runs a wash plan on the CIP skid (fieldbus valves and pumps, serial dosing unit).
#pragma once
#include <memory>
#include <string>

#include "device_registry.h"
#include "estop.h"
#include "journal.h"
#include "serial_link.h"
#include "status.h"
#include "wash_plan.h"

class CipSequencer {
public:
    CipSequencer(std::shared_ptr<Journal> journal, DeviceRegistry& devices, std::shared_ptr<SerialLink> dosing,
                 std::shared_ptr<EmergencyStop> estop);
    ~CipSequencer();
    CipSequencer(const CipSequencer&) = delete;
    CipSequencer& operator=(const CipSequencer&) = delete;

    Status run(const WashPlan& plan);
    void log(const std::string& line);

private:
    Status execute(const WashStep& step);

    std::shared_ptr<Journal> journal_;
    DeviceRegistry& devices_;
    std::shared_ptr<SerialLink> dosing_;
    std::shared_ptr<EmergencyStop> estop_;
};
