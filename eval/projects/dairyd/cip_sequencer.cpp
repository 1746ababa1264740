// CipSequencer: runs the wash plan step by step: route valves, circulation pump (stopped by a
// ScopeExit), chemical dose from the dosing unit, a purge pulse on the return valve. An e-stop
// or a failed step hands over to abort_wash() (wash_safety.cpp), which releases the dosing link.
// At the end the dosing unit is asked for its chemical totals for the wash record.
#include "cip_sequencer.h"

#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "scope_exit.h"
#include "wash_safety.h"

namespace {
const std::vector<std::uint8_t> kTotalsRequest{0x40, 0x09};

std::vector<std::uint8_t> dose_frame(const WashStep& step) {
    return {0x40, static_cast<std::uint8_t>(step.kind), static_cast<std::uint8_t>(step.dose_ml >> 8),
            static_cast<std::uint8_t>(step.dose_ml & 0xFF)};
}
}  // namespace

CipSequencer::CipSequencer(std::shared_ptr<Journal> journal, DeviceRegistry& devices, std::shared_ptr<SerialLink> dosing,
                           std::shared_ptr<EmergencyStop> estop)
    : journal_(std::move(journal)), devices_(devices), dosing_(std::move(dosing)), estop_(std::move(estop)) {}

CipSequencer::~CipSequencer() {
    if (dosing_->is_open()) dosing_->close();   // OK: abort_wash() may already have released it; guarded
}

void CipSequencer::log(const std::string& line) {
    journal_->append("cip: " + line);   // SAME: late_journal
}

Status CipSequencer::run(const WashPlan& plan) {
    if (!dosing_->is_open()) {
        Status st = dosing_->open();
        if (!st.ok()) return st;
    }
    log("wash started, " + std::to_string(plan.steps.size()) + " steps");
    for (const WashStep& step : plan.steps) {
        if (estop_->tripped()) {
            abort_wash(*dosing_, devices_, *journal_, "e-stop during " + step.name);
            break;
        }
        Status st = execute(step);
        if (!st.ok()) {
            abort_wash(*dosing_, devices_, *journal_, step.name + ": " + st.message());
            return st;
        }
    }
    std::vector<std::uint8_t> totals = dosing_->transact(kTotalsRequest, 1000);   // BUG: use-after-close
    log("wash finished, dosing totals " + std::to_string(totals.size() >= 3 ? (totals[1] << 8 | totals[2]) : -1) + " ml");
    return Status();
}

Status CipSequencer::execute(const WashStep& step) {
    if (step.valves.empty()) return Status::error(Code::Invalid, step.name + ": no route");
    for (const std::string& id : step.valves) devices_.valve(id).open();
    Pump& pump = devices_.pump(step.pump);
    ScopeExit pump_off([&pump] { pump.stop(); });
    pump.start();
    if (step.dose_ml > 0) dosing_->write_frame(dose_frame(step));   // OK: run() opened the dosing link and calls execute() only before any abort
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(step.seconds);
    while (std::chrono::steady_clock::now() < until) {
        if (estop_->tripped()) return Status::error(Code::Busy, "e-stop");
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    Valve& ret = devices_.valve(step.valves.back());
    ret.close();   // purge pulse: shut the return so the jetters flush
    std::this_thread::sleep_for(std::chrono::seconds(2));
    ret.open();   // OK: Valve::close() only actuates the valve; the device stays attached
    for (const std::string& id : step.valves) devices_.valve(id).close();
    return Status();
}
