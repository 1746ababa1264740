// BlastInterlock: the relay board of the blasting circuit.
// Starts released; open() claims the board. release() drops the relays and closes the board;
// it throws std::logic_error when the board is already released. Relay writes after
// release throw std::runtime_error.
#pragma once

#include <cstdint>
#include <string>

#include "status.h"

class BlastInterlock {
public:
    explicit BlastInterlock(std::string boardDevice);
    ~BlastInterlock();

    BlastInterlock(const BlastInterlock&) = delete;
    BlastInterlock& operator=(const BlastInterlock&) = delete;

    Status open();
    Status arm(int permitId);
    Status fire();
    void disarm();
    void release();
    bool released() const;
    bool armed() const;

private:
    void writeRelay(uint8_t mask);

    std::string device_;
    int fd_ = -1;
    bool armed_ = false;
    int permit_ = -1;
    bool released_ = true;
};
