// Site: wires the plant for one milking day. The constructor builds every component and hands
// the same journal, event bus, worker pool and e-stop to several of them; start_milking() opens
// the journal and the fieldbus first and returns their errors before anything uses them; poll()
// is the control loop's tick on the main thread (e-stop input, cow arrivals, vet console, tank
// reading). The fieldbus, the primary herd session and the vet console are only closed on this
// same thread, by the plant states and the closing/shutdown sequences.
#include "site.h"

#include <ctime>
#include <exception>
#include <initializer_list>
#include <stdexcept>
#include <utility>

#include "alerts.h"
#include "cip_sequencer.h"
#include "collection.h"
#include "cooling_controller.h"
#include "data_logger.h"
#include "entrance_gate.h"
#include "estop.h"
#include "event_bus.h"
#include "field_bus.h"
#include "herd_db.h"
#include "herd_pool.h"
#include "herd_sync.h"
#include "journal.h"
#include "labeller.h"
#include "plant_state.h"
#include "rfid_reader.h"
#include "rotary_drive.h"
#include "serial_link.h"
#include "stall.h"
#include "tanker_feed.h"
#include "vet_console.h"
#include "worker_pool.h"

namespace {
constexpr int kEstopInput = 100;
constexpr std::size_t kJournalRotateBytes = 4u << 20;

void add_devices(DeviceRegistry& devices) {
    devices.add(std::make_unique<Valve>("V-CIP-SUPPLY", 10));
    devices.add(std::make_unique<Valve>("V-JETTER", 11));
    devices.add(std::make_unique<Valve>("V-CIP-RETURN", 12));
    devices.add(std::make_unique<Valve>(DeviceRegistry::kLineDrainValve, 13));
    devices.add(std::make_unique<Valve>("V-TANK-INLET", 14));
    devices.add(std::make_unique<Pump>("P-CIP", 20));
    devices.add(std::make_unique<Pump>("P-MILK", 21));
}

int ration_for(int cow_no) { return 1500 + (cow_no % 5) * 250; }
}  // namespace

Site::Site(SiteConfig cfg)
    : cfg_(std::move(cfg)),
      journal_(std::make_shared<Journal>(cfg_.journal_path, kJournalRotateBytes)),
      events_(std::make_shared<EventBus>()),
      pool_(std::make_shared<WorkerPool>(2)),
      estop_(std::make_shared<EmergencyStop>()),
      tank_(cfg_.tank_litres),
      arrivals_(64) {
    add_devices(devices_);
    for (std::size_t i = 0; i < cfg_.stall_ports.size(); ++i)
        stalls_.push_back(std::make_unique<Stall>(static_cast<int>(i), std::make_shared<SerialLink>(cfg_.stall_ports[i])));
    drive_ = std::make_unique<RotaryDrive>(std::make_shared<SerialLink>(cfg_.vfd_port), estop_);
    reader_ = std::make_shared<RfidReader>(cfg_.rfid_device);
    gate_ = std::make_unique<EntranceGate>(reader_, [this](std::uint64_t tag) { arrivals_.try_push(tag); });
    logger_ = std::make_unique<DataLogger>(journal_, tank_);
    cooling_ = std::make_unique<CoolingController>(std::make_shared<SerialLink>(cfg_.chiller_port), estop_);
    cip_ = std::make_unique<CipSequencer>(journal_, devices_, std::make_shared<SerialLink>(cfg_.dosing_port), estop_);
    herd_ = std::make_shared<HerdDb>(cfg_.herd_host, cfg_.herd_port);
    herd_pool_ = std::make_shared<HerdDbPool>(cfg_.herd_host, cfg_.herd_port, 4);
    herd_sync_ = std::make_unique<HerdSync>(herd_, herd_pool_, pool_, journal_);
    feed_ = std::make_shared<TankerFeed>(cfg_.tanker_host, cfg_.tanker_port);
    collection_ = std::make_unique<CollectionService>(feed_, journal_, events_);
    console_ = std::make_shared<VetConsole>(cfg_.vet_port);
    labeller_ = std::make_unique<SampleLabeller>(cfg_.printer_path, cfg_.spool_path, cfg_.sheet_path);

    events_->subscribe("health.alert", make_vet_pager(console_));
    events_->subscribe("tank.reading", make_tank_relay(console_));
    events_->subscribe("plant.note", make_journal_tap(journal_));
    estop_->on_trip([this](const std::string&) { drive_->stop(); });
    estop_->on_trip([this](const std::string&) { devices_.safe_all(); });
    estop_->on_trip([this](const std::string& why) {
        if (!events_->stopped()) events_->publish(Event{"health.alert", "e-stop: " + why, 0.0});
    });
}

Site::~Site() = default;

Status Site::start_milking() {
    if (started_) return Status::error(Code::Busy, "this site already ran its milking day");
    Status st = journal_->open();
    if (!st.ok()) return st;
    st = bus().open(cfg_.bus_device);
    if (!st.ok()) return st;
    started_ = true;
    devices_.recommission();
    for (std::unique_ptr<Stall>& stall : stalls_) {
        Status attached = stall->attach();
        if (!attached.ok()) journal_->append("stall " + std::to_string(stall->number()) + ": " + attached.message());
    }
    for (const Status& s : {console_->listen(), labeller_->open(), collection_->open(), cooling_->start()}) {
        if (!s.ok()) journal_->append("start: " + s.message());
    }
    logger_->start();
    set_state(std::make_unique<MilkingState>());
    if (!herd_->connect().ok()) set_state(std::make_unique<DegradedState>());
    return Status();
}

void Site::poll() {
    if (!bus().isOpen()) return;
    Result<std::uint16_t> button = bus().read_register(kEstopInput);   // OK: isOpen() checked above; only the shutdown sequence on this thread closes the bus
    if (button.ok() && button.value() != 0) estop_->trip("parlour e-stop button");
    while (std::optional<std::uint64_t> tag = arrivals_.try_pop()) on_cow_arrival(*tag);
    console_->accept_pending();
    if (!events_->stopped() && console_->isOpen()) events_->publish(Event{"tank.reading", std::to_string(tank_.temp_c()) + " C", tank_.litres()});   // OK: the tank relay behind it only runs while the bus and the console are both up
}

void Site::on_cow_arrival(std::uint64_t tag) {
    if (state_->kind() != PlantState::Kind::Milking || !herd_->connected()) {
        offline_visits_.push_back(tag);
        return;
    }
    Result<CowRecord> cow = herd_->lookup_cow(tag);   // OK: connected() checked above and the primary session is only dropped on this thread
    if (!cow.ok() && cow.status().code() == Code::Io) {
        set_state(std::make_unique<DegradedState>());
        offline_visits_.push_back(tag);
        return;
    }
    try {
        herd_sync_->record_visit(tag, static_cast<long>(std::time(nullptr)));
    } catch (const std::exception& e) {
        journal_->append(std::string("herd visit not recorded: ") + e.what());
    }
    if (cow.ok() && cow.value().withhold && !events_->stopped())
        events_->publish(Event{"health.alert", "cow " + std::to_string(cow.value().cow_no) + " under withdrawal", 0.0});
}

void Site::finish_cow(int stall_no, int cow_no) {
    Stall& stall = *stalls_.at(static_cast<std::size_t>(stall_no));
    Result<double> litres = stall.meter().read_litres();
    if (!litres.ok()) {
        journal_->append("stall " + std::to_string(stall_no) + ": " + litres.status().message());
        return;
    }
    const YieldRecord y{cow_no, litres.value()};
    day_yields_.push_back(y);
    tank_.record_level(tank_.litres() + y.litres, cooling_->last_temp());
    if (state_->kind() == PlantState::Kind::Milking) {
        herd_sync_->push_later(y);
    } else {
        herd_sync_->keep_for_later(y);
    }
    Status fed = stall.dispenser().dispense(ration_for(cow_no));
    if (!fed.ok()) journal_->append("feeder: " + fed.message());
    if (cow_no % 10 == 0) {
        SampleBottle bottle{cow_no, "B" + std::to_string(samples_.size() + 1), "SCC"};
        samples_.push_back(bottle);
        Status printed = labeller_->print_label(bottle);
        if (!printed.ok()) journal_->append("labeller: " + printed.message());
    }
}

void Site::retire_stall(int stall_no) { stalls_.at(static_cast<std::size_t>(stall_no))->retire(); }

Status Site::self_test_stall(int stall_no) { return stalls_.at(static_cast<std::size_t>(stall_no))->self_test(); }

void Site::retry_herd() {
    if (!state_ || state_->kind() != PlantState::Kind::Degraded) return;
    if (!herd_->connect().ok()) return;
    set_state(std::make_unique<MilkingState>());
}

void Site::set_state(std::unique_ptr<PlantState> next) {
    if (state_) state_->exit(*this);
    state_ = std::move(next);
    state_->enter(*this);
    journal_->append(std::string("state: ") + state_->name());
}

const PlantState& Site::state() const {
    if (!state_) throw std::logic_error("site not started");
    return *state_;
}

Journal& Site::journal() { return *journal_; }
EventBus& Site::events() { return *events_; }
WorkerPool& Site::pool() { return *pool_; }
DeviceRegistry& Site::devices() { return devices_; }
std::vector<std::unique_ptr<Stall>>& Site::stalls() { return stalls_; }
RotaryDrive& Site::drive() { return *drive_; }
RfidReader& Site::entrance_reader() { return *reader_; }
EntranceGate& Site::gate() { return *gate_; }
BulkTank& Site::tank() { return tank_; }
DataLogger& Site::logger() { return *logger_; }
CoolingController& Site::cooling() { return *cooling_; }
CipSequencer& Site::cip() { return *cip_; }
HerdDb& Site::herd() { return *herd_; }
HerdDbPool& Site::herd_pool() { return *herd_pool_; }
HerdSync& Site::herd_sync() { return *herd_sync_; }
CollectionService& Site::collection() { return *collection_; }
VetConsole& Site::console() { return *console_; }
SampleLabeller& Site::labeller() { return *labeller_; }
const std::vector<YieldRecord>& Site::day_yields() const { return day_yields_; }
const std::vector<SampleBottle>& Site::day_samples() const { return samples_; }
const std::string& Site::archive_path() const { return cfg_.archive_path; }

ShiftTotals Site::shift_totals() const {
    ShiftTotals totals;
    totals.shift = cfg_.shift;
    totals.cows = static_cast<int>(day_yields_.size());
    for (const YieldRecord& y : day_yields_) totals.litres += y.litres;
    totals.yields = day_yields_;
    return totals;
}
