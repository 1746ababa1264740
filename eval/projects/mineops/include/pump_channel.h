// PumpChannel: Modbus RTU channel to one dewatering pump's controller.
// readLevel()/setRunning() throw std::runtime_error once the channel is closed; close()
// throws std::logic_error when it is already closed. I/O and close are serialized by mu_.
#pragma once

#include <atomic>
#include <mutex>
#include <string>

#include "status.h"

class PumpChannel {
public:
    PumpChannel(int pumpId, std::string device);
    ~PumpChannel();

    PumpChannel(const PumpChannel&) = delete;
    PumpChannel& operator=(const PumpChannel&) = delete;

    Status open();
    void close();
    bool isOpen() const;
    double readLevel();
    void setRunning(bool on);
    int id() const;

private:
    int pumpId_;
    std::string device_;
    std::atomic<int> fd_{-1};
    std::mutex mu_;
};
