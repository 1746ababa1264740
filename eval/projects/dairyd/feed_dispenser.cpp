// FeedDispenser: the stall's concentrate feeder. dispense() checks the link and reports
// Code::Closed; park() and stop() expect the link open (stop() closes it: on stand-alone feed
// stations the dispenser owns its link).
#include "feed_dispenser.h"

#include <utility>

FeedDispenser::FeedDispenser(std::shared_ptr<SerialLink> link) : link_(std::move(link)) {}

Status FeedDispenser::dispense(int grams) {
    if (grams <= 0) return Status::error(Code::Invalid, "bad ration");
    if (!link_->is_open()) return Status::error(Code::Closed, "feeder link down on " + link_->port());
    link_->write_frame({0x20, static_cast<std::uint8_t>(grams >> 8), static_cast<std::uint8_t>(grams & 0xFF)});   // OK: is_open() checked just above on the same thread
    dispensed_today_ += grams;
    return Status();
}

void FeedDispenser::park() {
    link_->write_frame({0x21});   // SAME: park
}

void FeedDispenser::stop() {
    link_->close();   // SAME: disp_stop
}

int FeedDispenser::dispensed_today() const { return dispensed_today_; }
