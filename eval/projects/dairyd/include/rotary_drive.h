// RotaryDrive: the rotary parlour's VFD, refreshed by a drive thread.
#pragma once
#include <atomic>
#include <memory>
#include <thread>

#include "estop.h"
#include "serial_link.h"
#include "status.h"

class RotaryDrive {
public:
    RotaryDrive(std::shared_ptr<SerialLink> vfd, std::shared_ptr<EmergencyStop> estop);
    ~RotaryDrive();
    RotaryDrive(const RotaryDrive&) = delete;
    RotaryDrive& operator=(const RotaryDrive&) = delete;

    Status start();
    void stop();
    void set_speed(int centi_rpm);
    bool running() const;
    Status jog(int degrees);

private:
    void loop();

    std::shared_ptr<SerialLink> vfd_;
    std::shared_ptr<EmergencyStop> estop_;
    std::atomic<bool> running_{false};
    std::atomic<int> speed_{0};
    std::thread thread_;
};
