// RotaryDrive: a drive thread refreshes the VFD's speed set point every 100 ms (and sends the
// stop frame once when the e-stop trips). start() opens the VFD link and starts the thread;
// stop() is meant to end the thread and release the link. jog() moves the platform by hand
// while the drive thread is not running.
#include "rotary_drive.h"

#include <chrono>
#include <utility>
#include <vector>

namespace {
const std::vector<std::uint8_t> kStopFrame{0x06, 0x00, 0x00};

std::vector<std::uint8_t> speed_frame(int centi_rpm) {
    return {0x06, static_cast<std::uint8_t>(centi_rpm >> 8), static_cast<std::uint8_t>(centi_rpm & 0xFF)};
}

std::vector<std::uint8_t> jog_frame(int degrees) {
    return {0x07, static_cast<std::uint8_t>(degrees >> 8), static_cast<std::uint8_t>(degrees & 0xFF)};
}
}  // namespace

RotaryDrive::RotaryDrive(std::shared_ptr<SerialLink> vfd, std::shared_ptr<EmergencyStop> estop)
    : vfd_(std::move(vfd)), estop_(std::move(estop)) {}

RotaryDrive::~RotaryDrive() { stop(); }

Status RotaryDrive::start() {
    if (running_) return Status();
    Status st = vfd_->open();
    if (!st.ok()) return st;
    running_ = true;
    thread_ = std::thread([this] { loop(); });
    return Status();
}

void RotaryDrive::loop() {
    while (running_) {
        const bool halt = estop_->tripped();
        vfd_->write_frame(halt ? kStopFrame : speed_frame(speed_.load()));   // BUG: use-after-close #rotary_race
        if (halt) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

void RotaryDrive::stop() {
    if (!running_.exchange(false)) return;
    vfd_->close();   // SAME: rotary_race
    if (thread_.joinable()) thread_.join();
}

void RotaryDrive::set_speed(int centi_rpm) { speed_ = centi_rpm; }

bool RotaryDrive::running() const { return running_; }

Status RotaryDrive::jog(int degrees) {
    if (running_) return Status::error(Code::Busy, "rotary is turning");
    if (!vfd_->is_open()) {
        Status st = vfd_->open();
        if (!st.ok()) return st;
    }
    vfd_->write_frame(jog_frame(degrees));   // OK: opened above when it was closed; the drive thread is not running
    return Status();
}
