// AnoxiaOximeter: oxygen optode on the lake bed. tick() reads it, a five-minute
// timer appends the last reading to the oxygen scroll.
#include "anoxia_oximeter.h"
#include "limnod_intervals.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>

namespace {
std::string stamp() { return std::to_string(static_cast<long long>(std::time(nullptr))); }
} // namespace

AnoxiaOximeter::AnoxiaOximeter(LimnoContext &ctx)
    : ctx_(ctx), conduit_(ctx.settings.host("oximeter"), ctx.settings.sondePort) {}

void AnoxiaOximeter::start() {
  if (!conduit_.up() && !conduit_.connect())
    return;
  if (!scroll_.isOpen() && !scroll_.open(ctx_.settings.archiveDir + "/oxygen.csv"))
    return;
  logTimer_ = ctx_.intervals.every(std::chrono::minutes(5), [this] {
    scroll_.append(stamp() + "," + std::to_string(lastMgL_)); // BUG: use-after-close
  });
}

void AnoxiaOximeter::tick() {
  if (!conduit_.up())
    return;
  conduit_.command("DO?"); // OK: up() checked above
  lastMgL_ = std::strtod(conduit_.poll().c_str(), nullptr);
  if (lastMgL_ >= 0 && lastMgL_ < 2.0)
    ctx_.switchboard.fire("anoxia", std::to_string(lastMgL_));
}

void AnoxiaOximeter::stop() {
  if (conduit_.up())
    conduit_.close();
  if (scroll_.isOpen())
    scroll_.close();
}
