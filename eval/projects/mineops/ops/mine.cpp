// Mine: builds every component and wires the shared ones into their users: one control-room
// link for the alarm router, the blast coordinator and the uplink; one historian for the
// router, the uplink and every level; one thread pool for the journal and the blasting
// countdowns; one leaky-feeder head-end for the tag tracker and the radio sessions. The
// constructor also registers the shift-change shutdown steps and hooks.
#include "mine.h"

#include <chrono>
#include <utility>

#include "alarm_router.h"
#include "blast_coordinator.h"
#include "blast_interlock.h"
#include "control_room.h"
#include "dispatcher.h"
#include "factories.h"
#include "fan_controller.h"
#include "historian.h"
#include "hoist_controller.h"
#include "hoist_plc.h"
#include "journal.h"
#include "leaky_feeder.h"
#include "permit_workflow.h"
#include "radio_session.h"
#include "session_registry.h"
#include "tag_tracker.h"
#include "telemetry_uplink.h"
#include "thread_pool.h"
#include "watchdog.h"

Mine::Mine(const MineConfig& cfg)
    : pool_(std::make_shared<ThreadPool>(cfg.workers)),
      events_(std::make_shared<EventDispatcher>()),
      alarms_(std::make_shared<BoundedQueue<Alarm>>(256)),
      surface_(std::make_shared<ControlRoomLink>(cfg.surfaceHost, cfg.surfacePort)),
      historian_(std::make_shared<HistorianWriter>(cfg.historianDir, std::size_t{8} << 20)),
      journal_(std::make_shared<Journal>(cfg.journalPath, pool_)),
      plc_(std::make_shared<HoistPlcClient>(cfg.plcHost, cfg.plcPort)),
      hoist_(std::make_shared<HoistController>(plc_)),
      gateway_(std::make_shared<LeakyFeederGateway>(cfg.feederDevice)),
      tracker_(std::make_shared<TagTracker>(gateway_)),
      sessions_(std::make_shared<MinerSessionRegistry>(gateway_)),
      permits_(std::make_shared<PermitWorkflow>()),
      interlock_(std::make_shared<BlastInterlock>(cfg.interlockDevice)),
      coordinator_(std::make_shared<BlastCoordinator>(permits_, interlock_, surface_, pool_)),
      router_(std::make_shared<AlarmRouter>(alarms_, surface_, historian_)),
      uplink_(std::make_shared<TelemetryUplink>(surface_, historian_)),
      watchdog_(std::make_unique<Watchdog>(alarms_, std::chrono::milliseconds(500))) {
    std::vector<std::shared_ptr<FanController>> fanGroups;
    for (const auto& lc : cfg.levels) {
        levels_.push_back(std::make_unique<Level>(lc, events_, alarms_, historian_));
        fanGroups.push_back(levels_.back()->fans());
        watchdog_->addCheck("oxygen:" + lc.name, makeOxygenCheck(levels_.back()->sensors()));
    }
    watchdog_->addCheck("hoist-plc", makePlcHeartbeatCheck(plc_));
    surfaceForwarder_ = events_->subscribe("gas.alarm", makeSurfaceForwarder(surface_));

    sequence_.add(std::make_unique<BlastSafeStep>(coordinator_, interlock_));
    sequence_.add(std::make_unique<StopHoistStep>(hoist_, plc_));
    sequence_.add(std::make_unique<VentilationStep>(std::move(fanGroups), events_));
    sequence_.add(std::make_unique<RadioStep>(gateway_, tracker_, sessions_));
    sequence_.addHook("levels", [this] {
        for (auto& level : levels_) level->shutdown();
        return Status::Ok();
    });
    sequence_.addHook("seal journal", makeJournalSealer(journal_));
    sequence_.addHook("close historian", makeHistorianCloser(historian_));
}

Mine::~Mine() {
    events_->unsubscribe(surfaceForwarder_);
    router_->stop();
    watchdog_->stop(); // BUG: use-after-close #wd-stopped
    tracker_->stop();
    pool_->shutdown(); // OK: idempotent; stopBackground() may have shut it down. Joins any blasting countdown before the board is released below
    if (gateway_->isOpen()) gateway_->close(); // OK: RadioStep normally closed the head-end already; guarded, and the tracker thread is joined
    if (!interlock_->released()) interlock_->release(); // OK: guarded; BlastSafeStep normally released the board
    historian_->close(); // OK: idempotent; the "close historian" hook may have run
    surface_->disconnect();
}

Status Mine::bringUp() {
    Status st = historian_->open();
    if (!st.ok()) return st;
    st = journal_->open();
    if (!st.ok()) return st;
    st = surface_->connect();
    if (!st.ok()) journal_->append("control room unreachable at start-up: " + st.message());
    st = plc_->connect();
    if (!st.ok()) return st;
    st = gateway_->open();
    if (!st.ok()) return st;
    st = interlock_->open();
    if (!st.ok()) return st;
    for (auto& level : levels_) {
        st = level->bringUp();
        if (!st.ok()) return st;
    }
    tracker_->start();
    watchdog_->start();
    return Status::Ok();
}

void Mine::tick() {
    if (!pool_->running()) return;
    for (auto& level : levels_) level->sample();
    router_->drain();
    for (uint32_t tag : tracker_->undergroundTags()) {
        auto session = sessions_->find(tag);
        if (!session || !session->isOpen()) sessions_->open(tag);
    }
    if (++ticks_ % 20 == 0) {
        std::vector<std::pair<std::string, double>> airflow;
        for (const auto& level : levels_) airflow.emplace_back(level->name(), level->lastAirflow());
        uplink_->publishLevels(airflow);
        journal_->flushAsync(); // OK: pool checked running above; only stopBackground()/~Mine on this thread shut it down
    }
}

void Mine::stopBackground() {
    tracker_->stop();
    pool_->shutdown();
    journal_->flushAsync(); // BUG: use-after-close #journal-async
}

ShutdownSequence& Mine::sequence() {
    return sequence_;
}

const std::vector<std::unique_ptr<Level>>& Mine::levels() const {
    return levels_;
}

std::shared_ptr<ControlRoomLink> Mine::surface() const {
    return surface_;
}

std::shared_ptr<HistorianWriter> Mine::historian() const {
    return historian_;
}

std::shared_ptr<Journal> Mine::journal() const {
    return journal_;
}

std::shared_ptr<EventDispatcher> Mine::events() const {
    return events_;
}

std::shared_ptr<BoundedQueue<Alarm>> Mine::alarms() const {
    return alarms_;
}

std::shared_ptr<AlarmRouter> Mine::router() const {
    return router_;
}

std::shared_ptr<TagTracker> Mine::tracker() const {
    return tracker_;
}

std::shared_ptr<MinerSessionRegistry> Mine::sessions() const {
    return sessions_;
}

std::shared_ptr<BlastCoordinator> Mine::coordinator() const {
    return coordinator_;
}
