// PermitWorkflow: blasting permits keyed by number, guarded by mu_. Every close is preceded
// by an isClosed() check, so revoke() and closeAll() can be combined freely, and open()
// replaces a closed permit instead of handing it out again.
#include "permit_workflow.h"

#include <stdexcept>

std::shared_ptr<PermitSession> PermitWorkflow::open(int id, const std::string& blaster) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = permits_.find(id);
    if (it != permits_.end() && !it->second->isClosed()) return it->second;
    auto permit = std::make_shared<PermitSession>(id, blaster);
    permits_[id] = permit;
    return permit;
}

std::shared_ptr<PermitSession> PermitWorkflow::get(int id) const {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = permits_.find(id);
    if (it == permits_.end()) throw std::out_of_range("unknown blasting permit " + std::to_string(id));
    return it->second;
}

void PermitWorkflow::revoke(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = permits_.find(id);
    if (it == permits_.end()) return;
    if (!it->second->isClosed()) it->second->close(); // OK: closed at most once, then erased
    permits_.erase(it);
}

void PermitWorkflow::closeAll() {
    std::lock_guard<std::mutex> lk(mu_);
    for (auto& entry : permits_) {
        if (!entry.second->isClosed()) entry.second->close(); // OK: permits already closed are skipped
    }
}

std::vector<int> PermitWorkflow::activeIds() const {
    std::lock_guard<std::mutex> lk(mu_);
    std::vector<int> ids;
    for (const auto& entry : permits_) {
        if (!entry.second->isClosed()) ids.push_back(entry.first);
    }
    return ids;
}
