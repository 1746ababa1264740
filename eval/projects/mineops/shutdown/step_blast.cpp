// BlastSafeStep: first step of the shift change. No blast may be pending while people move
// through the workings: open permits are aborted and the blasting circuit is released.
#include "shutdown.h"

#include <utility>

#include "blast_coordinator.h"
#include "blast_interlock.h"

BlastSafeStep::BlastSafeStep(std::shared_ptr<BlastCoordinator> coordinator, std::shared_ptr<BlastInterlock> interlock)
    : coordinator_(std::move(coordinator)), interlock_(std::move(interlock)) {}

const char* BlastSafeStep::name() const {
    return "make blasting safe";
}

Status BlastSafeStep::run(ShutdownContext& ctx) {
    coordinator_->shutdown();
    // The relays must be de-energised and the board released before anyone travels.
    interlock_->release(); // BUG: double-close
    ctx.log.push_back("blasting circuit released");
    return Status::Ok();
}
