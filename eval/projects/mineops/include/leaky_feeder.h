// LeakyFeederGateway: the head-end of the leaky-feeder radio cable, reached over a serial
// device. Tag readers and cap-lamp radios talk through it.
//   state: Closed -> open() -> Open; a failed write moves it to Faulted.
//   send()/poll() throw std::runtime_error unless Open; close() throws std::logic_error
//   when the gateway is already Closed.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include "status.h"

struct Frame {
    uint32_t tagId = 0;
    int zone = -1;
    std::string payload;
};

enum class GatewayState { Closed, Open, Faulted };

class LeakyFeederGateway {
public:
    explicit LeakyFeederGateway(std::string device);
    ~LeakyFeederGateway();

    LeakyFeederGateway(const LeakyFeederGateway&) = delete;
    LeakyFeederGateway& operator=(const LeakyFeederGateway&) = delete;

    Status open();
    void close();
    void send(const Frame& frame);
    std::optional<Frame> poll();
    GatewayState state() const;
    bool isOpen() const;

private:
    std::string device_;
    int fd_ = -1;
    std::atomic<GatewayState> state_{GatewayState::Closed};
    std::mutex ioMu_;
};
