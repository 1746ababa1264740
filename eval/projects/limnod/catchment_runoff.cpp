// CatchmentRunoff: the constructor subscribes to rainfall events; while the model
// station is unreachable the rain is held back and sent when start() reconnects.
// Every use of the conduit checks up() first (negative: no bug).
#include "catchment_runoff.h"
#include "limnod_faults.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdlib>
#include <stdexcept>
#include <string>

CatchmentRunoff::CatchmentRunoff(LimnoContext &ctx)
    : ctx_(ctx), conduit_(ctx.settings.host("runoff"), ctx.settings.sondePort) {
  rainToken_ = ctx_.switchboard.subscribe("rainfall", [this](const std::string &mm) {
    const double rain = std::strtod(mm.c_str(), nullptr);
    if (!conduit_.up()) {
      pendingRainMm_ += rain;
      return;
    }
    conduit_.command("RAIN " + mm); // OK: up() checked above, fired on the cycle thread
  });
}

CatchmentRunoff::~CatchmentRunoff() {
  ctx_.switchboard.unsubscribe(rainToken_);
  stop();
}

void CatchmentRunoff::start() {
  if (conduit_.up() || !conduit_.connect())
    return;
  if (pendingRainMm_ > 0) {
    conduit_.command("RAIN " + std::to_string(pendingRainMm_));
    pendingRainMm_ = 0;
  }
}

void CatchmentRunoff::tick() {
  if (!conduit_.up())
    return;
  try {
    conduit_.command("RUNOFF?"); // OK: up() checked above
    runoffM3_ = std::strtod(conduit_.poll().c_str(), nullptr);
  } catch (const std::runtime_error &e) {
    limnoFaults().onSondeFault(conduit_, e); // closes it; the rain handler holds rain back
  }
}

void CatchmentRunoff::stop() {
  if (conduit_.up())
    conduit_.close(); // OK: the fault handler may have closed it
}
