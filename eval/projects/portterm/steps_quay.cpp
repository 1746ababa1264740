// Quay-side shutdown steps: park the cranes (telemetry threads joined first), send the
// straddle carriers to their parking slots and recall them, seal the yard plan and
// freeze the berth schedule. Correct as written: every PLC session ends after the pump
// sharing it was joined, and the reads after seal()/freeze() are in-memory only.
#include "shutdown.h"

ParkCranesStep::ParkCranesStep(std::vector<std::shared_ptr<CraneController>> cranes,
                               std::vector<std::shared_ptr<TelemetryPump>> pumps)
    : cranes_(std::move(cranes)), pumps_(std::move(pumps)) {}

const char* ParkCranesStep::name() const { return "park cranes"; }

Status ParkCranesStep::run() {
    for (auto& pump : pumps_) pump->stop();
    for (auto& crane : cranes_) crane->park(); // OK: every telemetry pump was joined on the line above
    return Status::success();
}

RecallCarriersStep::RecallCarriersStep(std::shared_ptr<StraddleDispatcher> straddles) : straddles_(std::move(straddles)) {}

const char* RecallCarriersStep::name() const { return "recall straddle carriers"; }

Status RecallCarriersStep::run() {
    log_line("straddle", std::to_string(straddles_->probe_all()) + " carriers answered the last status probe");
    std::size_t unreachable = 0;
    for (int id : straddles_->carriers()) {
        if (!straddles_->try_assign(id, CarrierJob{"", "", "PARK-" + std::to_string(id)})) ++unreachable;
    }
    straddles_->recall_all();
    if (unreachable > 0)
        return Status::error(ErrorCode::Unavailable, std::to_string(unreachable) + " carriers could not be sent to park");
    return Status::success();
}

SealYardStep::SealYardStep(std::shared_ptr<YardPlanner> planner) : planner_(std::move(planner)) {}

const char* SealYardStep::name() const { return "seal yard plan"; }

Status SealYardStep::run() {
    planner_->seal();
    log_line("yard", "final plan: " + planner_->summary()); // OK: summary() only reads memory and is valid after seal()
    return Status::success();
}

FreezeBerthStep::FreezeBerthStep(std::shared_ptr<BerthSchedule> berth, std::string export_path)
    : berth_(std::move(berth)), export_path_(std::move(export_path)) {}

const char* FreezeBerthStep::name() const { return "freeze berth schedule"; }

Status FreezeBerthStep::run() {
    Status st = berth_->export_csv(export_path_);
    berth_->freeze();
    std::size_t open_windows = berth_->windows().size(); // OK: windows() reads memory, only the journal is closed
    log_line("berth", std::to_string(open_windows) + " windows carried over to the next shift");
    return st;
}
