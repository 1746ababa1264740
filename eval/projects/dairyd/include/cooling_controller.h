// CoolingController: keeps the bulk tank at its set point through the chiller's serial link.
#pragma once
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "estop.h"
#include "serial_link.h"
#include "status.h"

class CoolingController {
public:
    CoolingController(std::shared_ptr<SerialLink> chiller, std::shared_ptr<EmergencyStop> estop);
    ~CoolingController();
    CoolingController(const CoolingController&) = delete;
    CoolingController& operator=(const CoolingController&) = delete;

    Status start();
    void stop();
    void set_target(double temp_c);
    double last_temp() const;

private:
    void loop();

    std::shared_ptr<SerialLink> chiller_;
    std::shared_ptr<EmergencyStop> estop_;
    bool running_ = false;
    std::atomic<double> target_{4.0};
    std::atomic<double> last_temp_{0.0};
    std::mutex mu_;
    std::condition_variable cv_;
    std::thread thread_;
};
