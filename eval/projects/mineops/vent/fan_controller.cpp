// FanController: the fan links of one level, keyed by fan id, guarded by mu_.
// A stopped fan keeps its (closed) entry so restartFan() can bring it back.
#include "fan_controller.h"

#include <stdexcept>
#include <utility>

Status FanController::addFan(int id, const std::string& device) {
    auto fan = std::make_unique<FanLink>(id, device);
    Status st = fan->open();
    if (!st.ok()) return st;
    std::lock_guard<std::mutex> lk(mu_);
    links_[id] = std::move(fan);
    return Status::Ok();
}

FanLink& FanController::link(int id) {
    auto it = links_.find(id);
    if (it == links_.end()) throw std::out_of_range("unknown fan " + std::to_string(id));
    return *it->second;
}

void FanController::setSpeed(int id, int rpm) {
    std::lock_guard<std::mutex> lk(mu_);
    link(id).setRpm(rpm); // SAME: fan-zero
}

int FanController::readRpm(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    return link(id).readRpm(); // SAME: fan-rpm
}

void FanController::stopFan(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    FanLink& fan = link(id);
    if (!fan.is_open()) return;
    fan.setRpm(0);
    fan.close(); // OK: reached only while the link is open; a second stopFan() returns above
}

Status FanController::restartFan(int id) {
    std::lock_guard<std::mutex> lk(mu_);
    FanLink& fan = link(id);
    if (fan.is_open()) return Status::Ok();
    return fan.open();
}

void FanController::closeAll() {
    std::lock_guard<std::mutex> lk(mu_);
    for (auto& entry : links_) {
        if (entry.second->is_open()) entry.second->close(); // OK: skips the fans stopFan() already closed
    }
}

std::vector<int> FanController::fanIds() const {
    std::lock_guard<std::mutex> lk(mu_);
    std::vector<int> ids;
    ids.reserve(links_.size());
    for (const auto& entry : links_) ids.push_back(entry.first);
    return ids;
}

bool FanController::isRunning(int id) const {
    std::lock_guard<std::mutex> lk(mu_);
    auto it = links_.find(id);
    return it != links_.end() && it->second->is_open();
}
