// Callback factories used by Terminal when it wires the gate cameras and the event
// dispatcher: automatic check-in on a confident plate read, billing of gate-out moves,
// historian taps and console relays. The taps that outlive their target hold weak_ptrs.
#include "callbacks.h"

std::function<void(const PlateRead&)> make_lane_plate_handler(std::shared_ptr<GateLane> lane, double min_confidence) {
    return [lane, min_confidence](const PlateRead& read) {
        if (read.confidence < min_confidence) return;
        if (lane->find(read.plate)) return;   // already checked in
        lane->check_in(read.plate); // BUG: use-after-close #ocrlane
    };
}

std::function<void(const Event&)> make_billing_tap(std::shared_ptr<BillingExporter> billing, double lift_rate) {
    return [billing, lift_rate](const Event& ev) {
        if (ev.payload.empty()) return;   // no container moved, nothing to bill
        billing->add_line(BillingLine{"TRK-" + ev.key, ev.payload, "GATE_OUT", lift_rate}); // BUG: use-after-close
    };
}

std::function<void(const Event&)> make_historian_tap(std::weak_ptr<HistorianWriter> hist) {
    return [hist](const Event& ev) {
        auto writer = hist.lock();
        if (!writer) return;
        writer->append_if_open(ev.topic, ev.key + " " + ev.payload); // OK: checks the writer is open under its own mutex
    };
}

std::function<void(const Event&)> make_console_relay(std::weak_ptr<ConsoleRegistry> consoles, std::string prefix) {
    return [consoles, prefix](const Event& ev) {
        if (auto registry = consoles.lock()) registry->broadcast(prefix + ev.key); // OK: broadcast() skips disconnected sessions
    };
}
