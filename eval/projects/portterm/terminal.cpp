// Terminal: builds and wires the whole terminal. One thread pool, one event dispatcher
// and one historian are shared by the components that need them; each crane's PLC
// client is shared by its controller and its telemetry pump. The destructor stops the
// threads the terminal started; the orderly end of a shift is ShiftHandover's job.
#include "callbacks.h"
#include "terminal.h"

Terminal::Terminal(const TerminalConfig& cfg) : cfg_(cfg) {
    pool_ = std::make_shared<ThreadPool>(cfg_.worker_threads);
    events_ = std::make_shared<EventDispatcher>();
    historian_ = std::make_shared<HistorianWriter>(cfg_.data_dir + "/historian", "tel-" + cfg_.shift_id,
                                                   cfg_.historian_max_bytes);
    Status hs = historian_->open();
    if (!hs.ok()) log_line("terminal", hs.message());

    for (std::size_t c = 0; c < cfg_.plc_hosts.size(); ++c) {
        int id = static_cast<int>(c);
        auto plc = std::make_shared<CranePlcClient>(cfg_.plc_hosts[c], cfg_.plc_port, id);
        Status st = plc->connect();
        if (!st.ok()) log_line("terminal", "crane " + std::to_string(id) + ": " + st.message());
        auto crane = std::make_shared<CraneController>(id, plc, historian_, events_);
        crane->subscribe_berth_events();
        auto pump = std::make_shared<TelemetryPump>(id, plc, historian_, std::chrono::milliseconds(500));
        pump->start();
        plcs_.push_back(std::move(plc));
        cranes_.push_back(std::move(crane));
        pumps_.push_back(std::move(pump));
    }

    straddles_ = std::make_shared<StraddleDispatcher>(events_);
    for (const auto& radio : cfg_.carrier_radios) straddles_->add_carrier(radio.first, radio.second);
    planner_ = std::make_shared<YardPlanner>(pool_, cfg_.data_dir + "/yard-" + cfg_.shift_id + ".plan");
    yard_sync_ = std::make_shared<YardSync>(planner_, straddles_);

    for (std::size_t l = 0; l < cfg_.camera_devices.size(); ++l) {
        int lane_no = static_cast<int>(l);
        auto lane = std::make_shared<GateLane>(lane_no, events_);
        auto camera = std::make_shared<OcrCameraFeed>(lane_no, cfg_.camera_devices[l]);
        camera->on_plate(make_lane_plate_handler(lane, 0.85));
        auto bridge = std::make_unique<GateCameraBridge>(lane, camera, cfg_.keep_last_frame);
        bridge->attach();
        Status cs = camera->start();
        if (!cs.ok()) log_line("terminal", "lane " + std::to_string(lane_no) + " camera: " + cs.message());
        gates_.push_back(std::move(lane));
        cameras_.push_back(std::move(camera));
        bridges_.push_back(std::move(bridge));
    }

    edi_ = std::make_shared<EdiLink>(cfg_.edi_host, cfg_.edi_port);
    customs_ = std::make_shared<CustomsGateway>(edi_, 256);
    Status es = customs_->start();
    if (!es.ok()) log_line("terminal", "customs: " + es.message());
    batcher_ = std::make_shared<EdiBatcher>(customs_, 20);

    berth_ = std::make_shared<BerthSchedule>(cfg_.data_dir + "/berth.journal", events_);
    billing_ = std::make_shared<BillingExporter>(cfg_.data_dir + "/billing");
    Status bs = billing_->begin_batch(cfg_.shift_id);
    if (!bs.ok()) log_line("terminal", "billing: " + bs.message());
    reconciler_ = std::make_shared<ShiftReconciler>(billing_, cfg_.data_dir + "/reports");

    consoles_ = std::make_shared<ConsoleRegistry>();
    alarms_ = std::make_shared<AlarmMonitor>(events_, consoles_, historian_);
    alarms_->arm();

    sub_ids_.push_back(events_->subscribe("gate.out", make_billing_tap(billing_, cfg_.lift_rate)));
    std::weak_ptr<EdiBatcher> weak_batcher = batcher_;
    sub_ids_.push_back(events_->subscribe("gate.out", [weak_batcher](const Event& ev) {
        if (auto batcher = weak_batcher.lock()) batcher->add(ev.key, ev.payload);
    }));
    sub_ids_.push_back(events_->subscribe("gate.in", make_historian_tap(historian_)));
    sub_ids_.push_back(events_->subscribe("berth.departed", make_console_relay(consoles_, "vessel sailed: ")));
}

Terminal::~Terminal() {
    for (int id : sub_ids_) events_->unsubscribe(id);
    for (auto& pump : pumps_) pump->stop(); // OK: idempotent, pumps joined by the handover are skipped
    for (auto& camera : cameras_) camera->stop(); // OK: idempotent, cameras stopped by the handover are skipped
    pool_->shutdown();
    planner_->checkpoint_async(); // BUG: use-after-close #ckpt
    events_->stop();
}
