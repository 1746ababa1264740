// Mine: owns and wires every component of the mine operations software.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "alarm.h"
#include "bounded_queue.h"
#include "level.h"
#include "shutdown.h"
#include "status.h"

class AlarmRouter;
class BlastCoordinator;
class BlastInterlock;
class ControlRoomLink;
class EventDispatcher;
class HistorianWriter;
class HoistController;
class HoistPlcClient;
class Journal;
class LeakyFeederGateway;
class MinerSessionRegistry;
class PermitWorkflow;
class TagTracker;
class TelemetryUplink;
class ThreadPool;
class Watchdog;

struct MineConfig {
    std::string surfaceHost = "10.20.0.5";
    uint16_t surfacePort = 5020;
    std::string plcHost = "10.20.1.10";
    uint16_t plcPort = 502;
    std::string feederDevice = "/dev/ttyLF0";
    std::string interlockDevice = "/dev/ttyBLAST0";
    std::string historianDir = "/var/lib/mineops/historian";
    std::string journalPath = "/var/lib/mineops/journal.log";
    std::size_t workers = 4;
    std::vector<LevelConfig> levels;
};

class Mine {
public:
    explicit Mine(const MineConfig& cfg);
    ~Mine();

    Mine(const Mine&) = delete;
    Mine& operator=(const Mine&) = delete;

    Status bringUp();
    void tick();
    void stopBackground();

    ShutdownSequence& sequence();
    const std::vector<std::unique_ptr<Level>>& levels() const;
    std::shared_ptr<ControlRoomLink> surface() const;
    std::shared_ptr<HistorianWriter> historian() const;
    std::shared_ptr<Journal> journal() const;
    std::shared_ptr<EventDispatcher> events() const;
    std::shared_ptr<BoundedQueue<Alarm>> alarms() const;
    std::shared_ptr<AlarmRouter> router() const;
    std::shared_ptr<TagTracker> tracker() const;
    std::shared_ptr<MinerSessionRegistry> sessions() const;
    std::shared_ptr<BlastCoordinator> coordinator() const;

private:
    std::shared_ptr<ThreadPool> pool_;
    std::shared_ptr<EventDispatcher> events_;
    std::shared_ptr<BoundedQueue<Alarm>> alarms_;
    std::shared_ptr<ControlRoomLink> surface_;
    std::shared_ptr<HistorianWriter> historian_;
    std::shared_ptr<Journal> journal_;
    std::shared_ptr<HoistPlcClient> plc_;
    std::shared_ptr<HoistController> hoist_;
    std::shared_ptr<LeakyFeederGateway> gateway_;
    std::shared_ptr<TagTracker> tracker_;
    std::shared_ptr<MinerSessionRegistry> sessions_;
    std::shared_ptr<PermitWorkflow> permits_;
    std::shared_ptr<BlastInterlock> interlock_;
    std::shared_ptr<BlastCoordinator> coordinator_;
    std::shared_ptr<AlarmRouter> router_;
    std::shared_ptr<TelemetryUplink> uplink_;
    std::unique_ptr<Watchdog> watchdog_;
    std::vector<std::unique_ptr<Level>> levels_;
    ShutdownSequence sequence_;
    int surfaceForwarder_ = -1;
    unsigned long ticks_ = 0;
};
