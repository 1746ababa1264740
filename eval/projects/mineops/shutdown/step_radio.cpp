// RadioStep: ends the radio sessions of everybody who mustered, closes the leaky-feeder
// head-end for the shift change, and pages the miners the tag tracker still places
// underground.
#include "shutdown.h"

#include <utility>

#include "leaky_feeder.h"
#include "session_registry.h"
#include "tag_tracker.h"

RadioStep::RadioStep(std::shared_ptr<LeakyFeederGateway> gateway, std::shared_ptr<TagTracker> tracker,
                     std::shared_ptr<MinerSessionRegistry> sessions)
    : gateway_(std::move(gateway)), tracker_(std::move(tracker)), sessions_(std::move(sessions)) {}

const char* RadioStep::name() const {
    return "radio";
}

Status RadioStep::run(ShutdownContext& ctx) {
    const std::vector<uint32_t> missing = tracker_->missingFrom(ctx.mustered);
    for (uint32_t id : ctx.mustered) sessions_->hangup(id); // OK: hangup() hangs up only an open session, then erases it
    sessions_->closeAll();
    gateway_->close(); // SAME: tag-race
    tracker_->stop();
    for (uint32_t id : missing) {
        Status st = sessions_->page(id, "REPORT TO MUSTER STATION"); // BUG: use-after-close #page-missing
        if (!st.ok()) ctx.log.push_back("could not page miner " + std::to_string(id) + ": " + st.message());
    }
    if (missing.empty()) return Status::Ok();
    return Status::Error(std::to_string(missing.size()) + " miners not accounted for");
}
