// Watchdog: runs health checks on its own thread and raises alarms for failing ones.
// stop() joins the thread and records that supervision ended; it is idempotent.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "alarm.h"
#include "bounded_queue.h"

class Watchdog {
public:
    Watchdog(std::shared_ptr<BoundedQueue<Alarm>> alarms, std::chrono::milliseconds period);
    ~Watchdog();

    void addCheck(std::string name, std::function<bool()> healthy);
    void start();
    void stop();

private:
    struct Check {
        std::string name;
        std::function<bool()> healthy;
    };

    void loop();

    std::shared_ptr<BoundedQueue<Alarm>> alarms_;
    std::chrono::milliseconds period_;
    std::vector<Check> checks_;
    std::thread thread_;
    std::atomic<bool> running_{false};
    std::mutex mu_;
    std::condition_variable cv_;
};
