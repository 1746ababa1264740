// MinerSessionRegistry: radio sessions keyed by miner id.
// closeAll() hangs up every session but keeps the entries for the shift report;
// hangup(id) hangs up one session and removes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "radio_session.h"
#include "status.h"

class LeakyFeederGateway;

class MinerSessionRegistry {
public:
    explicit MinerSessionRegistry(std::shared_ptr<LeakyFeederGateway> gateway);

    std::shared_ptr<RadioSession> open(uint32_t minerId);
    std::shared_ptr<RadioSession> find(uint32_t minerId) const;
    Status page(uint32_t minerId, const std::string& text);
    void hangup(uint32_t minerId);
    void closeAll();
    std::vector<uint32_t> ids() const;
    std::size_t size() const;

private:
    mutable std::mutex mu_;
    std::shared_ptr<LeakyFeederGateway> gateway_;
    std::unordered_map<uint32_t, std::shared_ptr<RadioSession>> sessions_;
};
