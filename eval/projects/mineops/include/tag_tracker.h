// TagTracker: follows miners' tags through the leaky-feeder gateway. A poll thread reads
// position frames; stop() ends and joins it (idempotent).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "status.h"

class LeakyFeederGateway;

class TagTracker {
public:
    explicit TagTracker(std::shared_ptr<LeakyFeederGateway> gateway);
    ~TagTracker();

    void start();
    void stop();
    Status locate(uint32_t tagId);
    std::vector<uint32_t> undergroundTags() const;
    std::vector<uint32_t> missingFrom(const std::vector<uint32_t>& mustered) const;
    std::size_t undergroundCount() const;

private:
    void pollLoop();

    std::shared_ptr<LeakyFeederGateway> gateway_;
    std::thread poller_;
    std::atomic<bool> running_{false};
    mutable std::mutex mu_;
    std::map<uint32_t, int> lastZone_;
};
