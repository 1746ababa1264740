// Site::shutdown(): takes the site down in order. Inputs first (tag reader,
// operator console, belts), then the sorter in its two phases (quiesce, then
// close), then operator overrides are rolled back, the early-bag store shut,
// the worker pool stopped, and finally the outputs are closed (site.cpp).
#include "site.h"

#include "command.h"
#include "console.h"
#include "early_bag_store.h"
#include "feeder.h"
#include "journal.h"
#include "sorter.h"
#include "tag_reader.h"
#include "worker_pool.h"

void Site::shutdown() {
  if (shutDown_.exchange(true)) return;
  journal_->tryWrite("site shutdown requested");
  stopInputs();
  sorter_->quiesce();
  sorter_->close(); // OK: quiesced first; after an end-of-day close this returns at once
  commands_->undoAll(); // BUG: use-after-close #undo_after_close
  early_->shutdown();
  pool_->stop();
  closeOutputs();
}

void Site::stopInputs() {
  reader_->shutdown();
  console_->stop();
  for (auto& [belt, feeder] : feeders_) {
    feeder->halt(); // OK: halt() runs once per belt, end of day or an e-stop may already have halted it
  }
  oversize_->halt(); // OK: the same once-only halt()
  timers_->cancel(oversizePing_);
}
