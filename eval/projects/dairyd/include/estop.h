// EmergencyStop: the plant's e-stop latch, an atomic flag that loops poll plus the halt handlers
// run once on the first trip.
#pragma once
#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

class EmergencyStop {
public:
    using Handler = std::function<void(const std::string&)>;

    void on_trip(Handler handler);
    void trip(const std::string& reason);
    bool tripped() const;
    void reset();
    std::string reason() const;

private:
    std::atomic<bool> tripped_{false};
    mutable std::mutex mu_;
    std::vector<Handler> handlers_;
    std::string reason_;
};
