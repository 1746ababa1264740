// BlastCoordinator: the permit workflow in front of the blasting interlock.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "status.h"

class PermitWorkflow;
class BlastInterlock;
class ControlRoomLink;
class ThreadPool;

class BlastCoordinator {
public:
    BlastCoordinator(std::shared_ptr<PermitWorkflow> permits, std::shared_ptr<BlastInterlock> interlock,
                     std::shared_ptr<ControlRoomLink> surface, std::shared_ptr<ThreadPool> pool);

    Status requestBlast(int permitId, const std::string& blaster);
    Status countersign(int permitId, const std::string& role);
    Status fire(int permitId);
    Status fireAfterCountdown(int permitId, std::chrono::seconds countdown);
    void abortAll(const std::string& reason);
    void shutdown();

private:
    std::shared_ptr<PermitWorkflow> permits_;
    std::shared_ptr<BlastInterlock> interlock_;
    std::shared_ptr<ControlRoomLink> surface_;
    std::shared_ptr<ThreadPool> pool_;
    bool shutDown_ = false;
};
