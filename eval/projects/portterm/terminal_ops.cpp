// Terminal operations triggered by the operators and the vessel planning system:
// emergency stop and decommissioning of a crane, lane closures, billing period roll-over,
// vessel departure and the abort procedure. All run on the terminal's main thread.
#include "callbacks.h"
#include "shutdown.h"
#include "terminal.h"

void Terminal::emergency_stop(int crane) {
    auto idx = static_cast<std::size_t>(crane);
    auto& plc = plcs_.at(idx);
    cranes_.at(idx)->halt();
    if (!plc->is_closed()) plc->close(); // SAME: estoprace
    pumps_.at(idx)->stop();
    events_->publish(Event{"crane.estop", std::to_string(crane), ""});
}

void Terminal::park_crane(int crane) {
    auto idx = static_cast<std::size_t>(crane);
    pumps_.at(idx)->stop();
    cranes_.at(idx)->park(); // OK: the crane's telemetry pump was joined on the line above
}

void Terminal::decommission_crane(int crane) {
    park_crane(crane);
    plcs_.at(static_cast<std::size_t>(crane))->close(); // BUG: double-close
    log_line("terminal", "crane " + std::to_string(crane) + " decommissioned");
}

void Terminal::close_lane_for_maintenance(int lane) {
    gates_.at(static_cast<std::size_t>(lane))->close_lane(); // SAME: ocrlane
    log_line("gate", "lane " + std::to_string(lane) + " closed for maintenance, camera kept running for alignment");
}

void Terminal::close_gates_for_night(const std::string& late_truck) {
    for (auto& bridge : bridges_) bridge->detach();   // stops each lane's camera
    for (auto& lane : gates_) lane->close_lane(); // OK: cameras stopped first, no reader thread checks in any more
    if (!late_truck.empty() && !gates_.empty()) gates_.front()->check_in(late_truck); // BUG: use-after-close
}

Status Terminal::end_billing_period(const std::string& next_shift) {
    if (billing_->state() == BatchState::Open) {
        Status fin = billing_->finish(); // OK: only an open batch is finished
        if (!fin.ok()) return fin;
    }
    Status st = billing_->begin_batch(next_shift);
    if (!st.ok()) return st;
    billing_->add_line(BillingLine{"TERMINAL", "-", "PERIOD_OPEN", 0.0}); // OK: a new batch was opened just above
    return st;
}

void Terminal::on_vessel_departed(const std::string& vessel, long atd) {
    if (berth_->frozen()) {
        log_line("berth", "schedule frozen, departure of " + vessel + " goes to the next shift");
        return;
    }
    auto window = berth_->window_for(vessel);
    if (!window) return;
    BerthWindow actual = *window;
    actual.etd = atd;
    berth_->depart(vessel); // OK: frozen() checked at the top
    if (berth_->windows().empty()) berth_->freeze();   // last call of the rotation: close the journal
    if (!customs_->try_declare(EdiMessage::departure(vessel, actual.berth))) // OK: try_declare() refuses once the gateway is stopped
        log_line("customs", "departure of " + vessel + " not declared");
    berth_->record_actual(actual); // BUG: use-after-close
    planner_->replan_async();
}

void Terminal::abort_shift() {
    ShutdownSequence seq;
    seq.add(std::make_unique<StopGateStep>(gates_, cameras_));
    seq.add("stop customs", [this] {
        customs_->stop();
        return Status::success();
    });
    seq.add(std::make_unique<DisconnectConsolesStep>(consoles_, "shift " + cfg_.shift_id + " aborted"));
    std::vector<Status> failures = seq.run_all();
    for (const auto& st : failures) log_line("terminal", "abort: " + st.message());
}

std::string Terminal::status_line() const {
    std::size_t parked = 0;
    for (const auto& crane : cranes_) parked += crane->parked() ? 1 : 0;
    std::size_t open_lanes = 0;
    for (const auto& lane : gates_) open_lanes += lane->is_open() ? 1 : 0;
    return "shift " + cfg_.shift_id + ": cranes " + std::to_string(cranes_.size() - parked) + "/" +
           std::to_string(cranes_.size()) + " working, lanes " + std::to_string(open_lanes) + "/" +
           std::to_string(gates_.size()) + " open, carriers " + std::to_string(straddles_->alive_count()) + " on air";
}
