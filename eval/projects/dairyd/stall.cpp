// Stall: one milking stall. Its PLC link is shared by the milk meter and the feed dispenser.
// detach() closes the link only when it is open; restart() reopens it before zeroing the meter;
// self_test() holds a diagnostic session that a ScopeExit hangs up; retire() takes the stall
// out of rotation.
#include "stall.h"

#include <string>
#include <utility>

#include "scope_exit.h"

Stall::Stall(int number, std::shared_ptr<SerialLink> link)
    : number_(number), link_(std::move(link)), meter_(link_), dispenser_(link_) {}

int Stall::number() const { return number_; }

Status Stall::attach() {
    if (retired_) return Status::error(Code::Invalid, "stall " + std::to_string(number_) + " is retired");
    return link_->open();
}

void Stall::detach() {
    if (link_->is_open()) link_->close();   // OK: guarded, detach() may run more than once a day
}

bool Stall::online() const { return !retired_ && link_->is_open(); }

Status Stall::restart() {
    detach();
    Status st = link_->open();
    if (!st.ok()) return st;
    meter_.zero();   // OK: link reopened just above; the failed open returned
    return Status();
}

Status Stall::self_test() {
    if (!link_->is_open()) {
        Status st = link_->open();
        if (!st.ok()) return st;
    }
    {
        ScopeExit hang_up([this] { link_->close(); });   // the PLC allows one diagnostic session at a time
        std::vector<std::uint8_t> reply = link_->transact({0x7E, 0x01}, 500);   // OK: hang_up runs only when this block ends
        if (reply.empty()) return Status::error(Code::Timeout, "stall " + std::to_string(number_) + " self-test timeout");
    }
    meter_.zero();   // BUG: use-after-close #selftest_zero
    return Status();
}

void Stall::retire() {
    if (link_->is_open()) link_->close();
    retired_ = true;
    dispenser_.park();   // BUG: use-after-close #park
}

MilkMeter& Stall::meter() { return meter_; }

FeedDispenser& Stall::dispenser() { return dispenser_; }
