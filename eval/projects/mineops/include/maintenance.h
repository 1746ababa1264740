// MaintenanceMode: isolating single fans and pumps of a level for the fitters.
#pragma once

#include <memory>
#include <set>

#include "status.h"

class EventDispatcher;
class FanController;
class PumpStation;

class MaintenanceMode {
public:
    MaintenanceMode(std::shared_ptr<FanController> fans, std::shared_ptr<PumpStation> pumps,
                    std::shared_ptr<EventDispatcher> events);

    Status isolateFan(int fanId);
    Status restoreFan(int fanId, int rpm);
    Status lockOutPump(int pumpId);
    Status releasePump(int pumpId);

private:
    std::shared_ptr<FanController> fans_;
    std::shared_ptr<PumpStation> pumps_;
    std::shared_ptr<EventDispatcher> events_;
    std::set<int> isolatedFans_;
    std::set<int> lockedPumps_;
};
