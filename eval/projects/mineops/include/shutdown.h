// The shift-change shutdown: polymorphic steps run in order, then named hooks (closures).
// Each Step subclass lives in its own file under shutdown/.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "status.h"

class BlastCoordinator;
class BlastInterlock;
class EventDispatcher;
class FanController;
class HoistController;
class HoistPlcClient;
class LeakyFeederGateway;
class MinerSessionRegistry;
class TagTracker;

struct ShutdownContext {
    std::vector<uint32_t> mustered;
    std::vector<std::string> log;
    int failures = 0;
};

class Step {
public:
    virtual ~Step();
    virtual const char* name() const = 0;
    virtual Status run(ShutdownContext& ctx) = 0;
};

class ShutdownSequence {
public:
    void add(std::unique_ptr<Step> step);
    void addHook(std::string name, std::function<Status()> hook);
    Status run(ShutdownContext& ctx);
    bool done() const;

private:
    std::vector<std::unique_ptr<Step>> steps_;
    std::vector<std::pair<std::string, std::function<Status()>>> hooks_;
    bool done_ = false;
};

class BlastSafeStep : public Step {
public:
    BlastSafeStep(std::shared_ptr<BlastCoordinator> coordinator, std::shared_ptr<BlastInterlock> interlock);
    const char* name() const override;
    Status run(ShutdownContext& ctx) override;

private:
    std::shared_ptr<BlastCoordinator> coordinator_;
    std::shared_ptr<BlastInterlock> interlock_;
};

class StopHoistStep : public Step {
public:
    StopHoistStep(std::shared_ptr<HoistController> hoist, std::shared_ptr<HoistPlcClient> plc);
    const char* name() const override;
    Status run(ShutdownContext& ctx) override;

private:
    std::shared_ptr<HoistController> hoist_;
    std::shared_ptr<HoistPlcClient> plc_;
};

class VentilationStep : public Step {
public:
    VentilationStep(std::vector<std::shared_ptr<FanController>> groups, std::shared_ptr<EventDispatcher> events);
    const char* name() const override;
    Status run(ShutdownContext& ctx) override;

private:
    std::vector<std::shared_ptr<FanController>> groups_;
    std::shared_ptr<EventDispatcher> events_;
};

class RadioStep : public Step {
public:
    RadioStep(std::shared_ptr<LeakyFeederGateway> gateway, std::shared_ptr<TagTracker> tracker,
              std::shared_ptr<MinerSessionRegistry> sessions);
    const char* name() const override;
    Status run(ShutdownContext& ctx) override;

private:
    std::shared_ptr<LeakyFeederGateway> gateway_;
    std::shared_ptr<TagTracker> tracker_;
    std::shared_ptr<MinerSessionRegistry> sessions_;
};
