// Stall: one milking stall on the rotary: its PLC link, shared by the milk meter and the feeder.
#pragma once
#include <memory>

#include "feed_dispenser.h"
#include "milk_meter.h"
#include "serial_link.h"
#include "status.h"

class Stall {
public:
    Stall(int number, std::shared_ptr<SerialLink> link);

    int number() const;
    Status attach();
    void detach();
    bool online() const;
    Status restart();
    Status self_test();
    void retire();
    MilkMeter& meter();
    FeedDispenser& dispenser();

private:
    int number_;
    std::shared_ptr<SerialLink> link_;
    MilkMeter meter_;
    FeedDispenser dispenser_;
    bool retired_ = false;
};
