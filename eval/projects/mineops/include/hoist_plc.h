// HoistPlcClient: Modbus/TCP client for the shaft hoist PLC, with reconnect.
// Register reads and writes return an error while the link is down (checked under mu_);
// disconnect() is idempotent.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "status.h"

class HoistPlcClient {
public:
    HoistPlcClient(std::string host, uint16_t port);
    ~HoistPlcClient();

    HoistPlcClient(const HoistPlcClient&) = delete;
    HoistPlcClient& operator=(const HoistPlcClient&) = delete;

    Status connect();
    Status reconnect(int attempts);
    void disconnect();
    bool isConnected() const;
    Status writeRegister(uint16_t addr, uint16_t value);
    Result<uint16_t> readRegister(uint16_t addr);

private:
    int dial() const;

    std::string host_;
    uint16_t port_;
    int fd_ = -1;
    uint16_t transaction_ = 0;
    std::atomic<bool> connected_{false};
    std::mutex mu_;
};
