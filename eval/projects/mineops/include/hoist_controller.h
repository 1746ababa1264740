// HoistController: cage movements on top of the hoist PLC link. release() hands the PLC
// link back by disconnecting it; afterwards every command returns an error.
#pragma once

#include <memory>

#include "status.h"

class HoistPlcClient;

class HoistController {
public:
    explicit HoistController(std::shared_ptr<HoistPlcClient> plc);

    Status moveTo(int level);
    Status park();
    Status estop();
    void release();
    bool released() const;
    int currentLevel() const;

private:
    std::shared_ptr<HoistPlcClient> plc_;
    bool released_ = false;
    int level_ = 0;
};
