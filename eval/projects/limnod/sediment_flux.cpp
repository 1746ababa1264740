// SedimentFlux: weighs the sediment collector each tick and has the errand thread
// append the reading to the flux log, so a slow SD card never stalls the cycle.
#include "sediment_flux.h"
#include "limnod_errands.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdlib>
#include <ctime>
#include <string>

SedimentFlux::SedimentFlux(LimnoContext &ctx)
    : ctx_(ctx), collector_(ctx.settings.host("flux"), ctx.settings.sondePort) {}

SedimentFlux::~SedimentFlux() { stop(); }

void SedimentFlux::start() {
  if (running_)
    return;
  if (!collector_.connect() || !fluxLog_.open(ctx_.settings.archiveDir + "/flux.csv"))
    return;
  running_ = true;
}

void SedimentFlux::tick() {
  if (!running_ || !collector_.up())
    return;
  collector_.command("MASS?"); // OK: up() checked above
  const double grams = std::strtod(collector_.poll().c_str(), nullptr);
  if (grams - lastGrams_ > 0.5)
    ctx_.switchboard.fire("sediment/varve", std::to_string((grams - lastGrams_) / 10.0));
  lastGrams_ = grams;
  const long long when = static_cast<long long>(std::time(nullptr));
  ctx_.errands.post([this, when, grams] {
    fluxLog_.append(std::to_string(when) + "," + std::to_string(grams)); // BUG: use-after-close #flux_stop
  });
}

void SedimentFlux::stop() {
  if (!running_)
    return;
  running_ = false;
  if (collector_.up())
    collector_.close();
  fluxLog_.close(); // SAME: flux_stop
  ctx_.errands.drain(); // let the queued writes finish
}
