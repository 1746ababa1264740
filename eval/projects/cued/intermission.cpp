// The interval and the top of the second act: the go line stops, the hazer
// purges and stops, the house lights come up, the prompt book is rotated and
// the act's tally written, and the act-two preset is queued; resume() starts
// the hazer and the line again.
#include "promptbook.h"
#include "stagehouse.h"

namespace cued {

void Stagehouse::intermission() {
  promptBook().record("SM", "interval");
  goLine_->stop();
  foh_->post("house: interval");

  board_.stopOne("hazer");
  settle(std::chrono::seconds(10)); // OK: the hazer cancelled its purge timer before closing its port
  board_.at("houselights").command("fade", 0.8); // OK: only the hazer was stopped

  promptBook().rotate(archiveName());
  promptBook().record("SM", "book rotated for act two"); // OK: rotate() reopens the book
  tally_->rebind(promptBook().fd());
  tally_->intervalCount(); // OK: rebound to the rotated book's descriptor

  goLine_->submit(DeskCommand{"stack", "preset", 0.0, "ACT2-TOP", -1}); // BUG: use-after-close #holdpush
}

void Stagehouse::resume() {
  hazer_->start();
  hazer_->command("output", 0.35); // OK: restarted on the line above
  board_.at("houselights").command("fade", 0.0);
  goLine_->start();
  foh_->post("house: act two");
  promptBook().record("SM", "act two");
}

} // namespace cued
