// RadioSession: a voice/data session with one miner's cap lamp over the leaky feeder.
// page() throws once the session is hung up; hangup() throws std::logic_error if called twice.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

class LeakyFeederGateway;

class RadioSession {
public:
    RadioSession(uint32_t minerId, std::shared_ptr<LeakyFeederGateway> gateway);
    ~RadioSession();

    void page(const std::string& text);
    void hangup();
    bool isOpen() const;
    uint32_t minerId() const;

private:
    uint32_t minerId_;
    std::shared_ptr<LeakyFeederGateway> gateway_;
    bool open_ = true;
};
