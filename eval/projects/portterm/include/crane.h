// CraneController drives one ship-to-shore crane through its PLC client;
// TelemetryPump samples the same PLC on its own thread into the historian.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "dispatcher.h"
#include "historian.h"
#include "plc_client.h"
#include "status.h"

struct CraneMove {
    std::string container;
    int bay = 0;
    int row = 0;
    int tier = 0;
    bool load = true;
};

class CraneController : public std::enable_shared_from_this<CraneController> {
public:
    CraneController(int id, std::shared_ptr<CranePlcClient> plc, std::shared_ptr<HistorianWriter> hist,
                    std::shared_ptr<EventDispatcher> events);

    void subscribe_berth_events();
    Status execute(const CraneMove& move);
    Status unlock_spreader();
    Status raise_boom();
    bool halt();          // stops issuing moves; true if the crane was operational
    void park();          // rest position, then ends the PLC session
    bool parked() const;
    int id() const;

private:
    bool operational_locked() const;

    int id_;
    std::shared_ptr<CranePlcClient> plc_;
    std::shared_ptr<HistorianWriter> hist_;
    std::shared_ptr<EventDispatcher> events_;
    mutable std::mutex mu_;
    bool parked_ = false;
    bool halted_ = false;
    int berth_sub_ = 0;
    long moves_ = 0;
};

class TelemetryPump {
public:
    TelemetryPump(int crane_id, std::shared_ptr<CranePlcClient> plc, std::shared_ptr<HistorianWriter> hist,
                  std::chrono::milliseconds period);
    ~TelemetryPump();
    TelemetryPump(const TelemetryPump&) = delete;
    TelemetryPump& operator=(const TelemetryPump&) = delete;

    void start();
    void stop();          // idempotent; joins the sampling thread
    bool running() const;
    std::uint16_t final_sample();

private:
    void loop();

    int crane_id_;
    std::string tag_;
    std::shared_ptr<CranePlcClient> plc_;
    std::shared_ptr<HistorianWriter> hist_;
    std::chrono::milliseconds period_;
    std::atomic<bool> running_{false};
    std::mutex mu_;
    std::condition_variable cv_;
    std::thread th_;
};
