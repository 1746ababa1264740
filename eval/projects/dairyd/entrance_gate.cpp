// EntranceGate: a thread reads cow tags at the entrance lane and reports each arrival.
// stop() joins the thread; the reader itself is owned and closed by the plant states, after the
// gate is stopped. count_stragglers() drains tags still queued in the lane.
#include "entrance_gate.h"

#include <utility>

EntranceGate::EntranceGate(std::shared_ptr<RfidReader> reader, ArrivalFn on_arrival)
    : reader_(std::move(reader)), on_arrival_(std::move(on_arrival)) {}

EntranceGate::~EntranceGate() { stop(); }   // OK: stop() returns at once when the gate is already stopped

void EntranceGate::start() {
    if (running_.exchange(true)) return;
    thread_ = std::thread([this] { loop(); });
}

void EntranceGate::stop() {
    if (!running_.exchange(false)) return;
    if (thread_.joinable()) thread_.join();
}

bool EntranceGate::running() const { return running_; }

void EntranceGate::loop() {
    while (running_) {
        std::optional<std::uint64_t> tag = reader_->read_tag(200);   // OK: every closer of the reader stops (joins) this gate first
        if (tag) on_arrival_(*tag);
    }
}

int EntranceGate::count_stragglers() {
    int late = 0;
    while (reader_->read_tag(50)) ++late;   // SAME: stragglers
    return late;
}
