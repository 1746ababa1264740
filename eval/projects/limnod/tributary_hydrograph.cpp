// TributaryHydrograph: stage readings on the inflowing stream, reported to shore
// over the station's own telemeter. The constructor subscribes to the seiche
// event (backflow watch) and to the daemon's dusk event (farewell frame).
#include "tributary_hydrograph.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <stdexcept>
#include <string>

TributaryHydrograph::TributaryHydrograph(LimnoContext &ctx)
    : ctx_(ctx), telemeter_(ctx.settings.host("tributary"), ctx.settings.shorePort + 1),
      stage_(ctx.settings.device("tributary")) {
  tokens_.push_back(ctx_.switchboard.subscribe("seiche", [this](const std::string &amplitude) {
    if (!telemeter_.isOpen())
      return;
    telemeter_.send("backflow watch, seiche " + amplitude + " m"); // OK: isOpen() checked first
  }));
  tokens_.push_back(ctx_.switchboard.subscribe("limnod/dusk", [this](const std::string &) {
    telemeter_.send("tributary station dark after " + std::to_string(hydrograph_.size()) + // BUG: use-after-close
                    " readings");
  }));
}

TributaryHydrograph::~TributaryHydrograph() {
  for (int token : tokens_)
    ctx_.switchboard.unsubscribe(token);
}

void TributaryHydrograph::start() {
  if (!stage_.isOpen())
    stage_.open();
  if (!telemeter_.isOpen())
    telemeter_.open();
}

void TributaryHydrograph::tick() {
  if (!stage_.isOpen())
    return;
  const double level = stage_.readLevel();
  if (!hydrograph_.empty() && level - hydrograph_.back() > 0.05)
    ctx_.switchboard.fire("rainfall", std::to_string((level - hydrograph_.back()) * 200.0));
  hydrograph_.push_back(level);
  if (hydrograph_.size() % 10 == 0 && telemeter_.isOpen())
    telemeter_.send("stage " + std::to_string(level)); // OK: isOpen() checked in the condition
}

void TributaryHydrograph::stop() {
  if (stage_.isOpen())
    stage_.close();
  telemeter_.close();
}
