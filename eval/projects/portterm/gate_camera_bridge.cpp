// GateCameraBridge: joins a lane's OCR feed to its truck sessions. Plate reads arrive on
// the feed's reader thread and only annotate sessions (try_record_plate takes the session
// mutex and refuses a closed one). Exit-barrier and turn-away events come from the gate
// clerk's screen on the terminal's main thread.
#include "gate.h"

GateCameraBridge::GateCameraBridge(std::shared_ptr<GateLane> lane, std::shared_ptr<OcrCameraFeed> feed,
                                   bool keep_last_frame)
    : lane_(std::move(lane)), feed_(std::move(feed)), keep_last_frame_(keep_last_frame) {}

void GateCameraBridge::attach() {
    std::weak_ptr<GateLane> weak_lane = lane_;
    feed_->on_plate([weak_lane](const PlateRead& read) {
        auto lane = weak_lane.lock();
        if (!lane) return;
        auto session = lane->find(read.plate);
        if (session && !session->try_record_plate(read.plate, read.confidence)) // OK: refuses a released session under its mutex
            log_line("gate", "late plate read for " + read.plate);
    });
}

void GateCameraBridge::on_exit_barrier(const std::string& truck_id, const std::string& container) {
    auto session = lane_->find(truck_id);
    if (!session) return;
    lane_->release(truck_id);   // opens the barrier and bills the move
    if (!container.empty()) session->attach_container(container); // BUG: use-after-close
}

void GateCameraBridge::turn_away(const std::string& truck_id, const std::string& reason) {
    auto session = lane_->find(truck_id);
    if (!session) return;
    session->cancel(reason);   // no booking: the truck leaves without a move
    lane_->release(truck_id); // BUG: double-close #lanerelease
}

std::string GateCameraBridge::snapshot() {
    if (feed_->running()) last_frame_ = feed_->grab_frame(); // OK: running() checked; the feed is stopped on this thread only
    return last_frame_;
}

void GateCameraBridge::detach() {
    feed_->stop();
    if (keep_last_frame_) last_frame_ = feed_->grab_frame(); // BUG: use-after-close
}

const std::string& GateCameraBridge::last_frame() const { return last_frame_; }
