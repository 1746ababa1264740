// The shutdown plan, in the order the runner executes it (shutdown_runner.cpp):
// stop the scanners and the deck, drain and shut the gates, close the broker
// side, then the ramp, the crew and the manifest index.
#include "shutdown.h"

#include "terminal.h"

namespace ferry {

ShutdownPlan buildShutdownPlan(Terminal &t) {
  ShutdownPlan steps;
  steps.push_back([&t] {
    for (std::unique_ptr<TicketScanner> &s : t.scanners())
      s->stop();
  });
  steps.push_back([&t] { t.deck().stop(); });
  steps.push_back([&t] { t.gates().forEach([](GateId, GateChannel &ch) { ch.beginDrain(); }); });
  steps.push_back([&t] { t.gates().shutdownAll(); });
  steps.push_back([&t] { t.publisher().close(); });
  steps.push_back([&t] {
    t.uploader().uploadFinal(t.currentSailing().id); // BUG: use-after-close #planflush
  });
  steps.push_back([&t] {
    if (RampController *ramp = t.ramp())
      ramp->stop();
  });
  steps.push_back([&t] {
    t.gates().forEach([](GateId, GateChannel &ch) {
      ch.shutdown(); // OK: shutdown() is idempotent
    });
  });
  steps.push_back([&t] { t.crew().join(); });
  steps.push_back([&t] {
    if (t.indexSlot())
      t.indexSlot()->seal();
  });
  steps.push_back([&t] { t.manifest().close(); });
  return steps;
}

} // namespace ferry
