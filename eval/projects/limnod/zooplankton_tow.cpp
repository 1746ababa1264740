// ZooplanktonTow: haul counts go out on the tow boat's event channel. A clogged
// net skews every count after it, so the clog handler closes the channel until
// the next start().
#include "zooplankton_tow.h"
#include "limnod_switchboard.h"
#include <string>

ZooplanktonTow::ZooplanktonTow(LimnoContext &ctx) : ctx_(ctx) {
  clogToken_ = ctx_.switchboard.subscribe("tow/clog", [this](const std::string &mesh) {
    if (channel_ && channel_->isOpen())
      channel_->close();
    counts_.clear();
    ctx_.switchboard.fire("tow/discarded", mesh);
  });
}

ZooplanktonTow::~ZooplanktonTow() { ctx_.switchboard.unsubscribe(clogToken_); }

void ZooplanktonTow::start() {
  if (!channel_ || !channel_->isOpen())
    channel_ = std::make_unique<EventChannel>();
  channel_->send("tow:start"); // OK: a fresh channel whenever the previous one was closed
}

void ZooplanktonTow::tick() {
  if (!channel_ || !channel_->isOpen())
    return;
  ++hauls_;
  ++counts_["daphnia"];
  channel_->send("tow:haul " + std::to_string(hauls_)); // OK: isOpen() checked above
}

void ZooplanktonTow::stop() {
  if (!channel_)
    return;
  channel_->send("tow:stop hauls=" + std::to_string(hauls_)); // BUG: use-after-close
  if (channel_->isOpen())
    channel_->close(); // OK: the clog handler may have closed it already
}
