// FanController: the fans of one level, keyed by fan id.
// stopFan() ramps a fan to zero and closes its link, keeping the entry so restartFan() can
// reopen it; closeAll() closes every link that is still open.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "fan_link.h"
#include "status.h"

class FanController {
public:
    static constexpr int kMainFan = 1;

    Status addFan(int id, const std::string& device);
    void setSpeed(int id, int rpm);
    int readRpm(int id);
    void stopFan(int id);
    Status restartFan(int id);
    void closeAll();
    std::vector<int> fanIds() const;
    bool isRunning(int id) const;

private:
    FanLink& link(int id);

    std::map<int, std::unique_ptr<FanLink>> links_;
    mutable std::mutex mu_;
};
