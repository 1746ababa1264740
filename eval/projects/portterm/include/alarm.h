// AlarmMonitor: turns crane and gate fault events into console alarms and historian entries.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "console.h"
#include "dispatcher.h"
#include "historian.h"

class AlarmMonitor : public std::enable_shared_from_this<AlarmMonitor> {
public:
    AlarmMonitor(std::shared_ptr<EventDispatcher> events, std::weak_ptr<ConsoleRegistry> consoles,
                 std::shared_ptr<HistorianWriter> hist);
    ~AlarmMonitor();

    void arm();
    void disarm();
    void raise(const std::string& text);
    long raised() const;

private:
    std::shared_ptr<EventDispatcher> events_;
    std::weak_ptr<ConsoleRegistry> consoles_;
    std::shared_ptr<HistorianWriter> hist_;
    mutable std::mutex mu_;
    std::vector<int> sub_ids_;
    long raised_ = 0;
};
