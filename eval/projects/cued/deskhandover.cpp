// Hands cue control from the stage manager's tablet back to the fixed prompt
// desk: the go line stops (dropping what it had not carried out), the tablet
// inbox is torn down, and the go line restarts for the desk.
#include "promptbook.h"
#include "stagehouse.h"

namespace cued {

void Stagehouse::handoverDesk() {
  promptBook().record("SM", "desk handover: tablet to prompt desk");
  goLine_->stop();
  inbox_.reset();
  bridge_->commitProcessed(); // BUG: use-after-close #deskcommit
  goLine_->start();
  goLine_->submit(DeskCommand{"stack", "standby", 0.0, "desk", -1}); // OK: start() reopened the line stop() closed
  promptBook().record("SM", "prompt desk has the show");
}

} // namespace cued
