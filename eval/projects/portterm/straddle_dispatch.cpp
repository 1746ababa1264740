// StraddleDispatcher: keeps the carrier links by carrier id and hands out jobs.
// recall_all() disconnects the live links but keeps the entries, so the next shift can
// reattach() new radio sessions; retire() disconnects a carrier and forgets it.
#include <stdexcept>
#include <string>

#include "status.h"
#include "straddle.h"

StraddleDispatcher::StraddleDispatcher(std::shared_ptr<EventDispatcher> events) : events_(std::move(events)) {}

void StraddleDispatcher::add_carrier(int carrier, int fd) { links_[carrier] = std::make_unique<CarrierLink>(carrier, fd); }

void StraddleDispatcher::assign(int carrier, const CarrierJob& job) {
    links_.at(carrier)->send_job(job); // SAME: recallassign
    events_->publish(Event{"carrier.assigned", std::to_string(carrier), job.container});
}

bool StraddleDispatcher::try_assign(int carrier, const CarrierJob& job) {
    auto it = links_.find(carrier);
    if (it == links_.end() || !it->second->alive()) return false;
    it->second->send_job(job); // OK: alive() checked just above
    events_->publish(Event{"carrier.assigned", std::to_string(carrier), job.container});
    return true;
}

bool StraddleDispatcher::dispatch_checked(int carrier, const CarrierJob& job) {
    auto it = links_.find(carrier);
    if (it == links_.end()) return false;
    Status hb = it->second->heartbeat();
    if (!hb.ok()) log_line("straddle", "heartbeat before dispatch: " + hb.message());
    it->second->send_job(job); // BUG: use-after-close
    events_->publish(Event{"carrier.assigned", std::to_string(carrier), job.container});
    return true;
}

std::size_t StraddleDispatcher::probe_all() {
    std::size_t answered = 0;
    for (auto& entry : links_) {
        if (!entry.second->alive()) continue;
        Status hb = entry.second->heartbeat();
        if (!hb.ok()) continue;   // heartbeat() has disconnected the dead link
        entry.second->send_job(CarrierJob{"", "", "STATUS"}); // OK: heartbeat() disconnects only on its error path, skipped above
        ++answered;
    }
    return answered;
}

void StraddleDispatcher::retire(int carrier) {
    auto it = links_.find(carrier);
    if (it == links_.end()) return;
    it->second->disconnect(); // SAME: retire
    links_.erase(it);
}

void StraddleDispatcher::recall_all() {
    for (auto& entry : links_) {
        if (entry.second->alive()) entry.second->disconnect(); // OK: each live link is closed once
    }
}

void StraddleDispatcher::reattach(int carrier, int fd) { links_.at(carrier)->reattach(fd); }

CarrierLink* StraddleDispatcher::link(int carrier) {
    auto it = links_.find(carrier);
    return it == links_.end() ? nullptr : it->second.get();
}

std::vector<int> StraddleDispatcher::carriers() const {
    std::vector<int> ids;
    ids.reserve(links_.size());
    for (const auto& entry : links_) ids.push_back(entry.first);
    return ids;
}

std::size_t StraddleDispatcher::alive_count() const {
    std::size_t n = 0;
    for (const auto& entry : links_) n += entry.second->alive() ? 1 : 0;
    return n;
}
