// SerialLink: an RS-232/485 link to a stall PLC, the rotary VFD, the chiller or the CIP dosing
// unit.
#pragma once
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "status.h"

class SerialLink {
public:
    explicit SerialLink(std::string port);
    ~SerialLink();
    SerialLink(const SerialLink&) = delete;
    SerialLink& operator=(const SerialLink&) = delete;

    Status open();          // no-op when already open
    void close();           // throws std::logic_error when the link is already closed
    bool is_open() const;
    const std::string& port() const;

    void write_frame(const std::vector<std::uint8_t>& frame);            // throws when closed
    std::vector<std::uint8_t> read_frame(int timeout_ms);                // throws when closed
    std::vector<std::uint8_t> transact(const std::vector<std::uint8_t>& request, int timeout_ms);

private:
    void write_locked(const std::vector<std::uint8_t>& frame);
    std::vector<std::uint8_t> read_locked(int timeout_ms);

    std::string port_;
    int fd_ = -1;
    mutable std::mutex mu_;
};
