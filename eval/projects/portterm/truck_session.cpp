// TruckSession: one truck's visit at a gate lane, from check-in to release. release()
// and cancel() close the session; every mutating call takes mu_ and refuses a closed one.
#include <stdexcept>

#include "gate.h"

TruckSession::TruckSession(std::string truck_id) : truck_id_(std::move(truck_id)) {}

bool TruckSession::closed_locked() const {
    return state_ == TruckState::Released || state_ == TruckState::Cancelled;
}

void TruckSession::ensure_open_locked(const char* op) const {
    if (closed_locked()) throw std::runtime_error("truck session " + truck_id_ + " closed: " + op);
}

void TruckSession::record_plate(const std::string& plate, double confidence) {
    std::lock_guard<std::mutex> lk(mu_);
    ensure_open_locked("record_plate");
    plate_ = plate;
    confidence_ = confidence;
    state_ = TruckState::Verified;
}

bool TruckSession::try_record_plate(const std::string& plate, double confidence) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_locked()) return false;
    plate_ = plate;
    confidence_ = confidence;
    state_ = TruckState::Verified;
    return true;
}

void TruckSession::attach_container(const std::string& container) {
    std::lock_guard<std::mutex> lk(mu_);
    ensure_open_locked("attach_container");
    containers_.push_back(container);
}

void TruckSession::release() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_locked()) throw std::logic_error("truck session " + truck_id_ + " already closed");
    state_ = TruckState::Released;
}

void TruckSession::cancel(const std::string& reason) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_locked()) return;
    cancel_reason_ = reason;
    state_ = TruckState::Cancelled;
}

bool TruckSession::closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_locked();
}

TruckState TruckSession::state() const {
    std::lock_guard<std::mutex> lk(mu_);
    return state_;
}

const std::string& TruckSession::truck_id() const { return truck_id_; }

std::vector<std::string> TruckSession::containers() const {
    std::lock_guard<std::mutex> lk(mu_);
    return containers_;
}
