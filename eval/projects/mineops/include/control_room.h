// ControlRoomLink: TCP link to the surface control room.
// send() throws std::runtime_error when disconnected and returns an error Status when a write
// fails; disconnect() is idempotent.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "status.h"

class ControlRoomLink {
public:
    ControlRoomLink(std::string host, uint16_t port);
    ~ControlRoomLink();

    ControlRoomLink(const ControlRoomLink&) = delete;
    ControlRoomLink& operator=(const ControlRoomLink&) = delete;

    Status connect();
    void disconnect();
    bool isConnected() const;
    Status send(const std::string& line);

private:
    std::string host_;
    uint16_t port_;
    int fd_ = -1;
    std::atomic<bool> connected_{false};
    mutable std::mutex mu_;
};
