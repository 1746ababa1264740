// goniod — Quiesce: the staged shutdown of the endstation, one itinerary
// stage per step: stop the user-office inbox, cancel the beats, finish the
// collections, power the detector down, stop the sample changer and the
// components (the cryojet last, after putting it in standby), close the
// digest, drop the hutch and auxiliary tty lines, park the goniometer and
// hang up the gateways.
#include "quiesce.h"

#include <chrono>

#include "disposal.h"
#include "itinerary.h"

namespace goniod {

int Quiesce::run() {
  Beamline &bl = bl_;
  Itinerary plan("quiesce");
  plan.then("user-office inbox", [&bl] { bl.stop_inbox(); })
      .then("pacemaker beats",
            [&bl] {
              bl.xbpm().detach(bl.pacemaker());
              bl.flux().detach(bl.pacemaker());
            })
      .then("last beat",
            [&bl] {
              bl.pacemaker().tick(Pacemaker::Clock::now() + std::chrono::hours(1)); // OK: the xbpm and flux beats were cancelled in the stage before
            })
      .then("collections",
            [&bl] {
              bl.osc().close();
              bl.errands().drain();
            })
      .then("detector",
            [&bl] {
              bl.detector().power_down(); // OK: the collections that use the detector were drained above
            })
      .then("trigger", [&bl] { bl.trigger().disarm(); })
      .then("fluxmeter", [&bl] { bl.flux().shutdown(); })
      .then("monochromator", [&bl] { bl.mono().shutdown(); })
      .then("sample changer", [&bl] { bl.mount_controller().stop(); })
      .then("components", [&bl] { bl.apparatus().stop_all_except({"cryojet"}); })
      .then("cryojet standby",
            [&bl] {
              const auto cryo = bl.apparatus().lookup("cryojet");
              if (cryo && cryo->running())
                cryo->command("STANDBY"); // OK: stop_all_except() left the cryojet running
            })
      .then("cryojet",
            [&bl] {
              if (const auto cryo = bl.apparatus().lookup("cryojet"))
                cryo->stop();
            })
      .then("digest",
            [&bl] {
              bl.errands().drain();
              bl.digest().close(); // OK: every publish job finished in drain() and no new one is posted now
            })
      .then("hutch panel", [&bl] { bl.pss().drop_line(); })
      .then("aux tty lines",
            [&bl] {
              bl.ttymux().retire("cryo-aux");
              bl.ttymux().broadcast("GONIOD OFFLINE\r"); // BUG: use-after-close #mux_retire
            })
      .then("goniometer", [&bl] { bl.gonio().park(); })
      .then("gateways",
            [&bl] {
              hang_up(bl.timing(), "quiesce");
              hang_up(bl.gateway(), "quiesce");
            })
      .then("safety notices", [&bl] { bl.notices().close(); });
  return plan.run();
}

} // namespace goniod
