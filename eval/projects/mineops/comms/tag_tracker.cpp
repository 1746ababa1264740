// TagTracker: a poll thread reads position frames from the leaky-feeder head-end and keeps
// the last zone of every tag underground (zone 0 is the lamp room on surface).
#include "tag_tracker.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>

#include "leaky_feeder.h"

namespace {
constexpr int kSurfaceZone = 0;
}

TagTracker::TagTracker(std::shared_ptr<LeakyFeederGateway> gateway) : gateway_(std::move(gateway)) {}

TagTracker::~TagTracker() {
    stop();
}

void TagTracker::start() {
    if (running_.exchange(true)) return;
    poller_ = std::thread([this] { pollLoop(); });
}

void TagTracker::stop() {
    running_.store(false);
    if (poller_.joinable()) poller_.join();
}

void TagTracker::pollLoop() {
    while (running_.load()) {
        std::optional<Frame> frame = gateway_->poll(); // BUG: use-after-close #tag-race
        if (!frame) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            continue;
        }
        std::lock_guard<std::mutex> lk(mu_);
        if (frame->zone == kSurfaceZone) {
            lastZone_.erase(frame->tagId);
        } else {
            lastZone_[frame->tagId] = frame->zone;
        }
    }
}

Status TagTracker::locate(uint32_t tagId) {
    if (!gateway_->isOpen()) return Status::Error("radio down: cannot locate tag " + std::to_string(tagId));
    gateway_->send(Frame{tagId, -1, "LOCATE"}); // OK: checked open above; the head-end is only closed by the control thread that calls locate()
    return Status::Ok();
}

std::vector<uint32_t> TagTracker::undergroundTags() const {
    std::lock_guard<std::mutex> lk(mu_);
    std::vector<uint32_t> tags;
    tags.reserve(lastZone_.size());
    for (const auto& entry : lastZone_) tags.push_back(entry.first);
    return tags;
}

std::vector<uint32_t> TagTracker::missingFrom(const std::vector<uint32_t>& mustered) const {
    std::vector<uint32_t> missing;
    for (uint32_t tag : undergroundTags()) {
        if (std::find(mustered.begin(), mustered.end(), tag) == mustered.end()) missing.push_back(tag);
    }
    return missing;
}

std::size_t TagTracker::undergroundCount() const {
    std::lock_guard<std::mutex> lk(mu_);
    return lastZone_.size();
}
