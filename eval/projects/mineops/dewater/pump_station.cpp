// PumpStation: the dewatering pumps of one level. A telemetry thread polls every pump's sump
// level and raises a warning on high water; shutdown() stops the pumps and ends telemetry.
#include "pump_station.h"

#include <chrono>
#include <utility>

#include "pump_channel.h"

namespace {
constexpr double kHighWaterMetres = 2.5;
constexpr int kMaxDrainPolls = 240;
}  // namespace

PumpStation::PumpStation(std::string name, std::shared_ptr<BoundedQueue<Alarm>> alarms)
    : name_(std::move(name)), alarms_(std::move(alarms)) {}

PumpStation::~PumpStation() {
    stop_.store(true);
    if (telemetry_.joinable()) telemetry_.join();
    for (auto& p : pumps_) {
        if (p->isOpen()) p->close(); // OK: the telemetry thread is joined and shutdown() may have closed it already; isOpen() skips those
    }
}

Status PumpStation::addPump(int id, const std::string& device) {
    auto channel = std::make_shared<PumpChannel>(id, device);
    Status st = channel->open();
    if (!st.ok()) return st;
    pumps_.push_back(std::move(channel));
    return Status::Ok();
}

void PumpStation::startTelemetry() {
    if (telemetry_.joinable()) return;
    auto pumps = pumps_;
    auto alarms = alarms_;
    telemetry_ = std::thread([this, pumps, alarms] {
        while (!stop_.load()) {
            for (const auto& p : pumps) {
                const double level = p->readLevel(); // BUG: use-after-close #pump-race
                lastLevel_.store(level);
                if (level > kHighWaterMetres) {
                    alarms->tryPush(Alarm{Severity::Warning, name_, "sump high at pump " + std::to_string(p->id())});
                }
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
        }
    });
}

std::shared_ptr<PumpChannel> PumpStation::firstOpen() const {
    for (const auto& p : pumps_) {
        if (p->isOpen()) return p;
    }
    return nullptr;
}

Status PumpStation::drainSump(double targetMetres) {
    std::shared_ptr<PumpChannel> lead = firstOpen();
    if (!lead) return Status::Error(name_ + ": no pump channel open");
    lead->setRunning(true); // OK: firstOpen() only returns an open channel, and channels are closed only on this thread
    bool reached = false;
    for (int i = 0; i < kMaxDrainPolls && !reached; ++i) {
        reached = lead->readLevel() <= targetMetres;
        if (!reached) std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    lead->setRunning(false);
    return reached ? Status::Ok() : Status::Error(name_ + ": sump did not drain to target");
}

void PumpStation::shutdown() {
    for (auto& p : pumps_) {
        if (!p->isOpen()) continue;
        p->setRunning(false); // OK: checked open just above; the telemetry thread never closes channels
        p->close(); // SAME: pump-race
    }
    stop_.store(true);
    if (telemetry_.joinable()) telemetry_.join();
}

std::shared_ptr<PumpChannel> PumpStation::pump(int id) const {
    for (const auto& p : pumps_) {
        if (p->id() == id) return p;
    }
    return nullptr;
}

std::size_t PumpStation::pumpCount() const {
    return pumps_.size();
}

double PumpStation::lastLevel() const {
    return lastLevel_.load();
}
