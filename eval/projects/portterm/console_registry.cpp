// ConsoleRegistry: connected operator consoles by session id. Every disconnect goes
// through add(), kick() or disconnect_all(), all under mu_, and broadcast() holds mu_ while
// it checks and pushes, so it never writes to a session that is being disconnected.
// disconnect_all() keeps the entries so the shift audit can still list who was logged in.
#include <exception>

#include "console.h"
#include "status.h"

std::shared_ptr<ConsoleSession> ConsoleRegistry::add(int id, std::string operator_name, int fd) {
    auto session = std::make_shared<ConsoleSession>(id, std::move(operator_name), fd);
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(id);
    if (it != sessions_.end()) it->second->disconnect();
    sessions_[id] = session;
    return session;
}

std::shared_ptr<ConsoleSession> ConsoleRegistry::find(int id) const {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(id);
    return it == sessions_.end() ? nullptr : it->second;
}

void ConsoleRegistry::broadcast(const std::string& text) {
    std::lock_guard<std::mutex> lk(mu_);
    for (auto& entry : sessions_) {
        auto& session = entry.second;
        if (!session->connected()) continue;
        try {
            session->push_update(text); // OK: connected() checked under mu_, which every disconnect holds
        } catch (const std::exception& e) {
            log_line("console", e.what());   // a dead console is dropped by the operator's LOGOUT or at handover
        }
    }
}

void ConsoleRegistry::kick(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) return;
    it->second->disconnect();
    sessions_.erase(it);
}

void ConsoleRegistry::disconnect_all() {
    std::lock_guard<std::mutex> lk(mu_);
    for (auto& entry : sessions_) entry.second->disconnect(); // OK: disconnect() is idempotent
}

std::size_t ConsoleRegistry::size() const {
    std::lock_guard<std::mutex> lk(mu_);
    return sessions_.size();
}
