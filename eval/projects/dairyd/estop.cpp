// EmergencyStop: an atomic latch. The first trip() records the reason and runs the halt
// handlers (copied under the lock, run outside it); later trips return at once. Loops poll
// tripped().
#include "estop.h"

#include <utility>

void EmergencyStop::on_trip(Handler handler) {
    std::lock_guard<std::mutex> lk(mu_);
    handlers_.push_back(std::move(handler));
}

void EmergencyStop::trip(const std::string& reason) {
    if (tripped_.exchange(true)) return;
    std::vector<Handler> handlers;
    {
        std::lock_guard<std::mutex> lk(mu_);
        reason_ = reason;
        handlers = handlers_;
    }
    for (const Handler& h : handlers) h(reason);
}

bool EmergencyStop::tripped() const { return tripped_; }

void EmergencyStop::reset() {
    std::lock_guard<std::mutex> lk(mu_);
    reason_.clear();
    tripped_ = false;
}

std::string EmergencyStop::reason() const {
    std::lock_guard<std::mutex> lk(mu_);
    return reason_;
}
