// The staged shutdown after the final curtain: stop taking commands, stop
// the telemetry and the board, fly everything to its park trim, cut the
// drive bus, close front of house, then write the report, save the presets,
// tear down the rail and close the prompt book.
#include "promptbook.h"
#include "showreport.h"
#include "stagehouse.h"

namespace cued {

void Stagehouse::curtainDown() {
  promptBook().record("SM", "curtain down");

  // 1. Nothing new from the tablet or the go line.
  goLine_->stop();
  if (inbox_)
    inbox_->close();
  player_.stop();
  promptBook().record("SM", "stack stopped before " + player_.nextCue()); // OK: nextCue() only reads the loaded stack
  foh_->post("house: curtain down");

  // 2. Telemetry and the board off (the revolve parks as it stops).
  feed_->stop();
  board_.stopAll();

  // 3. Fly out to park trims, then cut the drive bus.
  flyrail_->parkAll(hands_);
  hands_.drain();
  settle(std::chrono::seconds(45)); // BUG: use-after-close #feedtick
  if (!bus_->closed())
    bus_->shutdown(); // OK: the park jobs were drained, and an emergency stop may have cut the bus already

  // 4. Front of house.
  foh_->shutdown();
  foh_.reset(); // OK: the destructor does not close the channel again after stop()
  feed_.reset(); // OK: ~ShowFeed skips close() on a closed producer

  // 5. Paperwork, presets, rail, books.
  writeShowReport(plot_.settings().reportPath, tally_->summary());
  presets_->save();
  flyrail_.reset(); // BUG: use-after-close #servodisable
  promptBook().close();
  tally_->finalCount(); // BUG: use-after-close #tallyfd
  downed_ = true;
}

} // namespace cued
