// MilkMeter: the stall's yield meter on the stall PLC link (shared with the feeder). zero()
// expects an open link; read_litres() checks it and reports Code::Closed; recalibrate() reopens
// the link and returns the open error before talking to the meter.
#include "milk_meter.h"

#include <utility>

MilkMeter::MilkMeter(std::shared_ptr<SerialLink> link) : link_(std::move(link)) {}

void MilkMeter::zero() {
    link_->write_frame({0x10, 0x01});   // SAME: selftest_zero
    last_ = 0.0;
}

Result<double> MilkMeter::read_litres() {
    if (!link_->is_open()) return Status::error(Code::Closed, "meter link down on " + link_->port());
    std::vector<std::uint8_t> reply = link_->transact({0x10, 0x02}, 200);   // OK: is_open() checked above; the link is closed only on the parlour thread that calls this
    if (reply.size() < 3) return Status::error(Code::Timeout, "meter timeout on " + link_->port());
    last_ = ((reply[1] << 8) | reply[2]) / 100.0;
    return last_;
}

Status MilkMeter::recalibrate() {
    if (link_->is_open()) link_->close();
    Status st = link_->open();
    if (!st.ok()) return st;
    link_->write_frame({0x10, 0x03});   // OK: reopened above; a failed open returned first
    last_ = 0.0;
    return Status();
}

double MilkMeter::last_litres() const { return last_; }
