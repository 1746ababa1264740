// EntranceGate: the entrance lane, a thread that reads cow tags and reports arrivals.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>

#include "rfid_reader.h"

class EntranceGate {
public:
    using ArrivalFn = std::function<void(std::uint64_t)>;

    EntranceGate(std::shared_ptr<RfidReader> reader, ArrivalFn on_arrival);
    ~EntranceGate();
    EntranceGate(const EntranceGate&) = delete;
    EntranceGate& operator=(const EntranceGate&) = delete;

    void start();
    void stop();
    bool running() const;
    int count_stragglers();   // cows still queued in the lane after the gate stopped

private:
    void loop();

    std::shared_ptr<RfidReader> reader_;
    ArrivalFn on_arrival_;
    std::atomic<bool> running_{false};
    std::thread thread_;
};
