// HypolimnionSiphon: each tick draws water into the next bottle of the carousel,
// checks its turbidity and seals it. Turbid water means sediment in the intake:
// abortIfTurbid() drops the valve link so the pump cuts out. An operator purge
// reconnects and flushes the line.
#include "hypolimnion_siphon.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdlib>
#include <string>

HypolimnionSiphon::HypolimnionSiphon(LimnoContext &ctx)
    : ctx_(ctx), valve_(ctx.settings.host("siphon"), ctx.settings.sondePort) {
  purgeToken_ = ctx_.switchboard.subscribe("siphon/purge", [this](const std::string &) { purge(); });
}

HypolimnionSiphon::~HypolimnionSiphon() {
  ctx_.switchboard.unsubscribe(purgeToken_);
  stop();
}

void HypolimnionSiphon::start() {
  if (!valve_.up())
    valve_.connect();
}

void HypolimnionSiphon::tick() {
  if (!valve_.up() || bottle_ >= kBottles)
    return;
  valve_.command("DRAW bottle=" + std::to_string(bottle_)); // OK: up() checked above
  const double ntu = std::strtod(valve_.poll().c_str(), nullptr);
  abortIfTurbid(ntu);
  sealBottle(bottle_); // BUG: use-after-close #siphon_seal
  ++bottle_;
}

bool HypolimnionSiphon::abortIfTurbid(double ntu) {
  if (ntu < ctx_.settings.maxTurbidity)
    return false;
  valve_.command("ABORT");
  valve_.close();
  ctx_.switchboard.fire("siphon/aborted", std::to_string(ntu));
  return true;
}

void HypolimnionSiphon::sealBottle(int bottle) {
  valve_.command("SEAL bottle=" + std::to_string(bottle)); // SAME: siphon_seal
}

void HypolimnionSiphon::purge() {
  if (valve_.up())
    valve_.close();
  if (!valve_.connect())
    return;
  valve_.command("PURGE"); // OK: reconnected just above
  bottle_ = 0;
}

void HypolimnionSiphon::stop() {
  if (valve_.up())
    valve_.close(); // OK: abortIfTurbid() may have closed it already
}
