// MilkMeter: the stall's yield meter, spoken to over the stall PLC's serial link.
#pragma once
#include <memory>

#include "serial_link.h"
#include "status.h"

class MilkMeter {
public:
    explicit MilkMeter(std::shared_ptr<SerialLink> link);
    void zero();                    // throws when the stall link is closed
    Result<double> read_litres();   // Code::Closed when the stall link is down
    Status recalibrate();
    double last_litres() const;

private:
    std::shared_ptr<SerialLink> link_;
    double last_ = 0.0;
};
