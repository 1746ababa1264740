// Site: one milking day of the plant. The constructor wires every component and hands the
// shared journal, event bus, worker pool and e-stop to the parts that need them;
// start_milking() opens the links; ClosingSequence and ShutdownSequence end the day. The control
// program builds a fresh Site for the next day.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bounded_queue.h"
#include "bulk_tank.h"
#include "device_registry.h"
#include "records.h"
#include "status.h"

class Journal;
class EventBus;
class WorkerPool;
class EmergencyStop;
class Stall;
class RotaryDrive;
class RfidReader;
class EntranceGate;
class DataLogger;
class CoolingController;
class CipSequencer;
class HerdDb;
class HerdDbPool;
class HerdSync;
class TankerFeed;
class CollectionService;
class VetConsole;
class SampleLabeller;
class PlantState;

struct SiteConfig {
    std::string shift = "am";
    std::string journal_path = "/var/log/dairyd/journal.log";
    std::string archive_path = "/var/lib/dairyd/yields.csv";
    std::string bus_device = "/dev/ttyRS485";
    std::vector<std::string> stall_ports;
    std::string vfd_port = "/dev/ttyVFD";
    std::string chiller_port = "/dev/ttyCHILL";
    std::string dosing_port = "/dev/ttyDOSE";
    std::string rfid_device = "/dev/rfid0";
    std::string herd_host = "herd.local";
    int herd_port = 7400;
    std::string tanker_host = "coop.example";
    int tanker_port = 7800;
    int vet_port = 7900;
    std::string printer_path = "/dev/usb/lp0";
    std::string spool_path = "/var/spool/dairyd/labels.spl";
    std::string sheet_path = "/var/lib/dairyd/samples.csv";
    double tank_litres = 20000.0;
};

class Site {
public:
    explicit Site(SiteConfig cfg);
    ~Site();
    Site(const Site&) = delete;
    Site& operator=(const Site&) = delete;

    Status start_milking();
    void poll();
    void finish_cow(int stall_no, int cow_no);
    void retire_stall(int stall_no);
    Status self_test_stall(int stall_no);
    void retry_herd();
    void set_state(std::unique_ptr<PlantState> next);
    const PlantState& state() const;

    Journal& journal();
    EventBus& events();
    WorkerPool& pool();
    DeviceRegistry& devices();
    std::vector<std::unique_ptr<Stall>>& stalls();
    RotaryDrive& drive();
    RfidReader& entrance_reader();
    EntranceGate& gate();
    BulkTank& tank();
    DataLogger& logger();
    CoolingController& cooling();
    CipSequencer& cip();
    HerdDb& herd();
    HerdDbPool& herd_pool();
    HerdSync& herd_sync();
    CollectionService& collection();
    VetConsole& console();
    SampleLabeller& labeller();
    const std::vector<YieldRecord>& day_yields() const;
    const std::vector<SampleBottle>& day_samples() const;
    ShiftTotals shift_totals() const;
    const std::string& archive_path() const;

private:
    void on_cow_arrival(std::uint64_t tag);

    SiteConfig cfg_;
    std::shared_ptr<Journal> journal_;
    std::shared_ptr<EventBus> events_;
    std::shared_ptr<WorkerPool> pool_;
    std::shared_ptr<EmergencyStop> estop_;
    BulkTank tank_;
    DeviceRegistry devices_;
    BoundedQueue<std::uint64_t> arrivals_;
    std::vector<std::unique_ptr<Stall>> stalls_;
    std::unique_ptr<RotaryDrive> drive_;
    std::shared_ptr<RfidReader> reader_;
    std::unique_ptr<EntranceGate> gate_;
    std::unique_ptr<DataLogger> logger_;
    std::unique_ptr<CoolingController> cooling_;
    std::unique_ptr<CipSequencer> cip_;
    std::shared_ptr<HerdDb> herd_;
    std::shared_ptr<HerdDbPool> herd_pool_;
    std::unique_ptr<HerdSync> herd_sync_;
    std::shared_ptr<TankerFeed> feed_;
    std::unique_ptr<CollectionService> collection_;
    std::shared_ptr<VetConsole> console_;
    std::unique_ptr<SampleLabeller> labeller_;
    std::unique_ptr<PlantState> state_;
    std::vector<YieldRecord> day_yields_;
    std::vector<SampleBottle> samples_;
    std::vector<std::uint64_t> offline_visits_;
    bool started_ = false;
};
