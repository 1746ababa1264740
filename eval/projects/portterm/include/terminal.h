// Terminal: owns and wires every component of the container terminal (terminal.cpp);
// the operational entry points are in terminal_ops.cpp.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "alarm.h"
#include "berth.h"
#include "billing.h"
#include "console.h"
#include "crane.h"
#include "customs.h"
#include "dispatcher.h"
#include "gate.h"
#include "historian.h"
#include "plc_client.h"
#include "straddle.h"
#include "thread_pool.h"
#include "yard.h"

struct TerminalConfig {
    std::string shift_id = "S1";
    std::string data_dir = "/var/lib/portterm";
    std::size_t worker_threads = 4;
    long historian_max_bytes = 64L * 1024 * 1024;
    std::vector<std::string> plc_hosts;
    int plc_port = 502;
    std::map<int, int> carrier_radios;
    std::vector<std::string> camera_devices;
    bool keep_last_frame = false;
    std::string edi_host = "127.0.0.1";
    int edi_port = 7001;
    double lift_rate = 42.5;
};

class Terminal {
public:
    explicit Terminal(const TerminalConfig& cfg);
    ~Terminal();
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;

    // terminal_ops.cpp
    void emergency_stop(int crane);
    void park_crane(int crane);
    void decommission_crane(int crane);
    void close_lane_for_maintenance(int lane);
    void close_gates_for_night(const std::string& late_truck);
    Status end_billing_period(const std::string& next_shift);
    void on_vessel_departed(const std::string& vessel, long atd);
    void abort_shift();
    std::string status_line() const;

    const std::string& shift_id() const { return cfg_.shift_id; }
    const std::string& data_dir() const { return cfg_.data_dir; }
    const std::vector<std::shared_ptr<CraneController>>& cranes() const { return cranes_; }
    const std::vector<std::shared_ptr<TelemetryPump>>& pumps() const { return pumps_; }
    const std::vector<std::shared_ptr<GateLane>>& gates() const { return gates_; }
    const std::vector<std::shared_ptr<OcrCameraFeed>>& cameras() const { return cameras_; }
    std::shared_ptr<HistorianWriter> historian() const { return historian_; }
    std::shared_ptr<StraddleDispatcher> straddles() const { return straddles_; }
    std::shared_ptr<YardPlanner> planner() const { return planner_; }
    std::shared_ptr<YardSync> yard_sync() const { return yard_sync_; }
    std::shared_ptr<EdiLink> edi() const { return edi_; }
    std::shared_ptr<CustomsGateway> customs() const { return customs_; }
    std::shared_ptr<EdiBatcher> batcher() const { return batcher_; }
    std::shared_ptr<BerthSchedule> berth() const { return berth_; }
    std::shared_ptr<BillingExporter> billing() const { return billing_; }
    std::shared_ptr<ShiftReconciler> reconciler() const { return reconciler_; }
    std::shared_ptr<ConsoleRegistry> consoles() const { return consoles_; }
    std::shared_ptr<CraneController> crane(int id) const { return cranes_.at(static_cast<std::size_t>(id)); }

private:
    TerminalConfig cfg_;
    std::shared_ptr<ThreadPool> pool_;
    std::shared_ptr<EventDispatcher> events_;
    std::shared_ptr<HistorianWriter> historian_;
    std::vector<std::shared_ptr<CranePlcClient>> plcs_;
    std::vector<std::shared_ptr<CraneController>> cranes_;
    std::vector<std::shared_ptr<TelemetryPump>> pumps_;
    std::shared_ptr<StraddleDispatcher> straddles_;
    std::shared_ptr<YardPlanner> planner_;
    std::shared_ptr<YardSync> yard_sync_;
    std::vector<std::shared_ptr<GateLane>> gates_;
    std::vector<std::shared_ptr<OcrCameraFeed>> cameras_;
    std::vector<std::unique_ptr<GateCameraBridge>> bridges_;
    std::shared_ptr<EdiLink> edi_;
    std::shared_ptr<CustomsGateway> customs_;
    std::shared_ptr<EdiBatcher> batcher_;
    std::shared_ptr<BerthSchedule> berth_;
    std::shared_ptr<BillingExporter> billing_;
    std::shared_ptr<ShiftReconciler> reconciler_;
    std::shared_ptr<ConsoleRegistry> consoles_;
    std::shared_ptr<AlarmMonitor> alarms_;
    std::vector<int> sub_ids_;
};
