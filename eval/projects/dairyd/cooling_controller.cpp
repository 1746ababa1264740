// CoolingController: a control thread reads the tank temperature from the chiller and switches
// the compressor. stop() clears running_ under the mutex, wakes the thread, joins it and only
// then closes the chiller link, so the thread never touches a closed link; a second stop() (the
// destructor's) returns at the running_ check.
#include "cooling_controller.h"

#include <chrono>
#include <utility>
#include <vector>

CoolingController::CoolingController(std::shared_ptr<SerialLink> chiller, std::shared_ptr<EmergencyStop> estop)
    : chiller_(std::move(chiller)), estop_(std::move(estop)) {}

CoolingController::~CoolingController() { stop(); }   // OK: second stop() returns at the running_ check

Status CoolingController::start() {
    std::lock_guard<std::mutex> lk(mu_);
    if (running_) return Status();
    Status st = chiller_->open();
    if (!st.ok()) return st;
    running_ = true;
    thread_ = std::thread([this] { loop(); });
    return Status();
}

void CoolingController::loop() {
    std::unique_lock<std::mutex> lk(mu_);
    while (running_) {
        lk.unlock();
        std::vector<std::uint8_t> reading = chiller_->transact({0x30, 0x01}, 500);   // OK: stop() joins this thread before closing the chiller link
        if (reading.size() >= 3) last_temp_ = static_cast<std::int16_t>((reading[1] << 8) | reading[2]) / 10.0;
        const bool cool = !estop_->tripped() && last_temp_.load() > target_.load();
        chiller_->write_frame({0x31, static_cast<std::uint8_t>(cool ? 1 : 0)});   // OK: same thread, joined before the close
        lk.lock();
        cv_.wait_for(lk, std::chrono::seconds(5), [this] { return !running_; });
    }
}

void CoolingController::stop() {
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (!running_) return;
        running_ = false;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
    chiller_->close();   // OK: the control thread was joined above and nothing else closes the chiller link
}

void CoolingController::set_target(double temp_c) { target_ = temp_c; }

double CoolingController::last_temp() const { return last_temp_; }
