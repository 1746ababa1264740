// FeedDispenser: the concentrate feeder in a stall, on the same serial link as the stall PLC.
#pragma once
#include <memory>

#include "serial_link.h"
#include "status.h"

class FeedDispenser {
public:
    explicit FeedDispenser(std::shared_ptr<SerialLink> link);
    Status dispense(int grams);   // Code::Closed when the link is down
    void park();                  // swing the feed arm home; throws when the link is closed
    void stop();                  // closes the feeder's link (stand-alone feed stations own it)
    int dispensed_today() const;

private:
    std::shared_ptr<SerialLink> link_;
    int dispensed_today_ = 0;
};
