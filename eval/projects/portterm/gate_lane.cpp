// GateLane: the truck sessions of one gate lane, keyed by truck id (the plate).
// Sessions are removed from the map when they are released; close_lane() takes the whole
// map out under the mutex and releases what is still open. Events are published after
// the mutex is dropped, so handlers may call back into the lane.
#include <stdexcept>

#include "gate.h"

GateLane::GateLane(int lane_no, std::shared_ptr<EventDispatcher> events) : lane_no_(lane_no), events_(std::move(events)) {}

std::string GateLane::join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += ',';
        out += item;
    }
    return out;
}

std::shared_ptr<TruckSession> GateLane::open_session_locked(const std::string& truck_id) {
    auto& slot = sessions_[truck_id];
    if (!slot || slot->closed()) slot = std::make_shared<TruckSession>(truck_id);
    return slot;
}

std::shared_ptr<TruckSession> GateLane::check_in(const std::string& truck_id) {
    std::shared_ptr<TruckSession> session;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) throw std::runtime_error("gate lane " + std::to_string(lane_no_) + " closed");
        session = open_session_locked(truck_id);
    }
    events_->publish(Event{"gate.in", truck_id, std::to_string(lane_no_)});
    return session;
}

Result<std::shared_ptr<TruckSession>> GateLane::try_check_in(const std::string& truck_id) {
    std::shared_ptr<TruckSession> session;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) return Status::error(ErrorCode::Closed, "gate lane " + std::to_string(lane_no_) + " closed");
        session = open_session_locked(truck_id);
    }
    events_->publish(Event{"gate.in", truck_id, std::to_string(lane_no_)});
    return session;
}

std::shared_ptr<TruckSession> GateLane::find(const std::string& truck_id) const {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(truck_id);
    return it == sessions_.end() ? nullptr : it->second;
}

void GateLane::release(const std::string& truck_id) {
    std::shared_ptr<TruckSession> session;
    {
        std::lock_guard<std::mutex> lk(mu_);
        auto it = sessions_.find(truck_id);
        if (it == sessions_.end()) return;
        session = it->second;
        sessions_.erase(it);
    }
    session->release(); // SAME: lanerelease
    events_->publish(Event{"gate.out", truck_id, join(session->containers())});
}

void GateLane::close_lane() {
    std::map<std::string, std::shared_ptr<TruckSession>> remaining;
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (closed_) return;
        closed_ = true;
        remaining.swap(sessions_);
    }
    for (auto& entry : remaining) {
        if (entry.second->closed()) continue;
        entry.second->release(); // OK: closed() checked; the map was taken out, nobody else releases it
        events_->publish(Event{"gate.out", entry.first, join(entry.second->containers())});
    }
}

bool GateLane::is_open() const {
    std::lock_guard<std::mutex> lk(mu_);
    return !closed_;
}

int GateLane::lane_no() const { return lane_no_; }
