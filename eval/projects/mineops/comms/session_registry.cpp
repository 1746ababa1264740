// MinerSessionRegistry: radio sessions keyed by miner id, guarded by mu_. Sessions hung up
// by closeAll() stay in the map so the shift report can list who had a radio session.
#include "session_registry.h"

#include <utility>

MinerSessionRegistry::MinerSessionRegistry(std::shared_ptr<LeakyFeederGateway> gateway)
    : gateway_(std::move(gateway)) {}

std::shared_ptr<RadioSession> MinerSessionRegistry::open(uint32_t minerId) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(minerId);
    if (it != sessions_.end()) {
        // Miner already known to the registry: tell the cap lamp its channel is live again.
        it->second->page("RESUME"); // BUG: use-after-close
        return it->second;
    }
    auto session = std::make_shared<RadioSession>(minerId, gateway_);
    sessions_.emplace(minerId, session);
    return session;
}

std::shared_ptr<RadioSession> MinerSessionRegistry::find(uint32_t minerId) const {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(minerId);
    return it == sessions_.end() ? nullptr : it->second;
}

Status MinerSessionRegistry::page(uint32_t minerId, const std::string& text) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(minerId);
    if (it == sessions_.end()) return Status::Error("no radio session for miner " + std::to_string(minerId));
    it->second->page(text); // SAME: page-missing
    return Status::Ok();
}

void MinerSessionRegistry::hangup(uint32_t minerId) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(minerId);
    if (it == sessions_.end()) return;
    if (it->second->isOpen()) it->second->hangup(); // OK: hung up only while still open, then erased
    sessions_.erase(it);
}

void MinerSessionRegistry::closeAll() {
    std::lock_guard<std::mutex> lk(mu_);
    for (auto& entry : sessions_) {
        if (entry.second->isOpen()) entry.second->hangup(); // OK: each session is hung up at most once
    }
}

std::vector<uint32_t> MinerSessionRegistry::ids() const {
    std::lock_guard<std::mutex> lk(mu_);
    std::vector<uint32_t> out;
    out.reserve(sessions_.size());
    for (const auto& entry : sessions_) out.push_back(entry.first);
    return out;
}

std::size_t MinerSessionRegistry::size() const {
    std::lock_guard<std::mutex> lk(mu_);
    return sessions_.size();
}
