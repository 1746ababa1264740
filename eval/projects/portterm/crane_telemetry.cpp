// TelemetryPump: samples the hoist load of one crane every period on its own thread and
// appends it to the historian. It shares the crane's PLC client with the CraneController;
// whoever ends the PLC session must stop() the pump first. final_sample() reads the cycle
// counter once more for the shift report and requires the pump to be stopped.
#include <stdexcept>

#include "crane.h"

TelemetryPump::TelemetryPump(int crane_id, std::shared_ptr<CranePlcClient> plc, std::shared_ptr<HistorianWriter> hist,
                             std::chrono::milliseconds period)
    : crane_id_(crane_id),
      tag_("crane." + std::to_string(crane_id)),
      plc_(std::move(plc)),
      hist_(std::move(hist)),
      period_(period) {}

TelemetryPump::~TelemetryPump() {
    stop(); // OK: stop() is idempotent and joins at most once
}

void TelemetryPump::start() {
    if (running_.exchange(true)) return;
    th_ = std::thread([this] { loop(); });
}

void TelemetryPump::loop() {
    while (running_.load()) {
        auto load = plc_->read_register(kHoistLoadReg); // BUG: use-after-close #estoprace
        if (load.ok())
            hist_->append(tag_ + ".hoist_load", static_cast<double>(load.value()));
        else
            log_line("telemetry", tag_ + ": " + load.status().message());
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait_for(lk, period_, [this] { return !running_.load(); });
    }
}

void TelemetryPump::stop() {
    {
        std::lock_guard<std::mutex> lk(mu_);
        running_ = false;
    }
    cv_.notify_all();
    if (th_.joinable()) th_.join();
}

bool TelemetryPump::running() const { return running_.load(); }

std::uint16_t TelemetryPump::final_sample() {
    if (running_.load()) throw std::logic_error("final_sample() needs the pump of crane " + std::to_string(crane_id_) + " stopped");
    auto cycles = plc_->read_register(kCycleCountReg); // SAME: finalsample
    return cycles.value_or(0);
}
