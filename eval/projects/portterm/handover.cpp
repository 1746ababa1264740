// ShiftHandover: drains and stops the terminal at the end of a shift. The sequence parks
// the cranes, recalls the carriers, exports billing, stops the gate and the customs link,
// seals the yard plan and freezes the berth schedule; then the handover report goes to
// the historian and to customs, the consoles are signed off and the historian is closed.
#include <exception>

#include "handover.h"

ShiftHandover::ShiftHandover(Terminal& terminal, std::string shift_id, int supervisor_console)
    : t_(terminal), shift_id_(std::move(shift_id)), supervisor_console_(supervisor_console) {}

ShutdownSequence ShiftHandover::build_sequence() {
    ShutdownSequence seq;
    seq.add("announce", [this] {
        t_.consoles()->broadcast("shift " + shift_id_ + ": handover starting");
        return Status::success();
    });
    seq.add(std::make_unique<ParkCranesStep>(t_.cranes(), t_.pumps()));
    seq.add(std::make_unique<RecallCarriersStep>(t_.straddles()));
    seq.add(std::make_unique<ExportBillingStep>(t_.billing(), t_.reconciler(), shift_id_));
    seq.add(std::make_unique<StopGateStep>(t_.gates(), t_.cameras()));
    seq.add(std::make_unique<CloseCustomsStep>(t_.customs(), t_.batcher()));
    seq.add(std::make_unique<SealYardStep>(t_.planner()));
    seq.add(std::make_unique<FreezeBerthStep>(t_.berth(), t_.data_dir() + "/berth-" + shift_id_ + ".csv"));
    seq.add("flush historian", [hist = t_.historian()] {
        hist->flush();
        return Status::success();
    });
    return seq;
}

void ShiftHandover::write_report() {
    auto hist = t_.historian();
    for (const auto& pump : t_.pumps()) {
        try {
            std::uint16_t cycles = pump->final_sample(); // BUG: use-after-close #finalsample
            hist->append("handover.cycles", static_cast<double>(cycles)); // OK: the historian is closed at the end of run(), after the report
        } catch (const std::exception& e) {
            log_line("handover", e.what());
        }
    }
    try {
        t_.edi()->send(EdiMessage::end_of_shift(shift_id_, failures_.size())); // BUG: use-after-close
    } catch (const std::exception& e) {
        log_line("handover", std::string("end-of-shift message: ") + e.what());
    }
    hist->append_text("handover " + shift_id_ + ": " + std::to_string(failures_.size()) + " failed steps");
}

Status ShiftHandover::run() {
    ShutdownSequence seq = build_sequence();
    failures_ = seq.run_all();
    write_report();
    auto consoles = t_.consoles();
    consoles->disconnect_all();
    if (auto supervisor = consoles->find(supervisor_console_)) supervisor->push_update("handover " + shift_id_ + " signed off"); // BUG: use-after-close
    t_.historian()->close();
    if (!failures_.empty())
        return Status::error(ErrorCode::Invalid, std::to_string(failures_.size()) + " handover steps failed");
    return Status::success();
}

const std::vector<Status>& ShiftHandover::failures() const { return failures_; }
