// FlushHistorianStep: records a closing marker while the historian still
// accepts samples, then stops it. stop() is idempotent, so the step is safe on
// a historian that was stopped before.
#include "shutdown_steps.h"

#include <utility>

namespace ww {

FlushHistorianStep::FlushHistorianStep(std::shared_ptr<Historian> historian)
    : historian_(std::move(historian)) {}

const char* FlushHistorianStep::name() const { return "flush historian"; }

Status FlushHistorianStep::run() {
  if (historian_->accepting())
    historian_->record(Sample{wall_clock_ms(), "historian.closing", 1.0}); // OK: accepting() checked first
  historian_->stop(); // OK: idempotent when the historian is already stopped
  return Status::Ok();
}

}  // namespace ww
