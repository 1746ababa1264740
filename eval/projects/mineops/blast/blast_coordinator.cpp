// BlastCoordinator: runs blasting permits against the interlock board. A fired permit is
// revoked (closed and removed from the workflow); a countdown blast fires from the thread
// pool after the sirens; shutdown() aborts open permits and releases the board.
#include "blast_coordinator.h"

#include <thread>
#include <utility>

#include "blast_interlock.h"
#include "control_room.h"
#include "permit_workflow.h"
#include "thread_pool.h"

BlastCoordinator::BlastCoordinator(std::shared_ptr<PermitWorkflow> permits, std::shared_ptr<BlastInterlock> interlock,
                                   std::shared_ptr<ControlRoomLink> surface, std::shared_ptr<ThreadPool> pool)
    : permits_(std::move(permits)),
      interlock_(std::move(interlock)),
      surface_(std::move(surface)),
      pool_(std::move(pool)) {}

Status BlastCoordinator::requestBlast(int permitId, const std::string& blaster) {
    if (shutDown_) return Status::Error("blasting is closed for this shift");
    auto permit = permits_->open(permitId, blaster);
    permit->sign("blaster"); // OK: open() never hands out a closed permit; it replaces one
    return Status::Ok();
}

Status BlastCoordinator::countersign(int permitId, const std::string& role) {
    auto permit = permits_->get(permitId);
    if (permit->isClosed()) return Status::Error("permit " + std::to_string(permitId) + " is closed");
    permit->sign(role);
    return Status::Ok();
}

Status BlastCoordinator::fire(int permitId) {
    if (shutDown_) return Status::Error("blasting is closed for this shift");
    auto permit = permits_->get(permitId);
    if (!permit->complete()) return Status::Error("permit " + std::to_string(permitId) + " is missing signatures");
    Status st = interlock_->arm(permitId);
    if (!st.ok()) return st;
    st = interlock_->fire();
    if (!st.ok()) {
        interlock_->disarm();
        return st;
    }
    permit->annotate("fired");
    permits_->revoke(permitId);
    if (surface_->isConnected()) surface_->send("BLAST FIRED permit " + std::to_string(permitId)); // OK: guarded, and only this thread drops the link
    permit->annotate("control room notified"); // BUG: use-after-close
    return Status::Ok();
}

Status BlastCoordinator::fireAfterCountdown(int permitId, std::chrono::seconds countdown) {
    if (shutDown_) return Status::Error("blasting is closed for this shift");
    auto permit = permits_->get(permitId);
    if (!permit->complete()) return Status::Error("permit " + std::to_string(permitId) + " is missing signatures");
    Status st = interlock_->arm(permitId);
    if (!st.ok()) return st;
    permit->annotate("countdown started");
    auto interlock = interlock_;
    pool_->submit([interlock, countdown] {
        std::this_thread::sleep_for(countdown);  // sirens sound underground during the countdown
        interlock->fire(); // BUG: use-after-close #countdown
    });
    return Status::Ok();
}

void BlastCoordinator::abortAll(const std::string& reason) {
    for (int id : permits_->activeIds()) {
        permits_->get(id)->annotate("aborted: " + reason); // OK: activeIds() lists only open permits, and closeAll() runs after this loop
    }
    permits_->closeAll();
    if (!interlock_->released() && interlock_->armed()) interlock_->disarm();
}

void BlastCoordinator::shutdown() {
    if (shutDown_) return;
    shutDown_ = true;
    abortAll("shift change");
    if (!interlock_->released()) interlock_->release(); // SAME: countdown
}
