// EchosounderSwath: a fan of transducers under the raft. start() connects every
// transducer (the swath is useless with a gap), stop() closes them all, tick()
// pings the fan, focus() steers the transducer nearest a bearing. tick() relies
// on start() having connected the whole fan (see Limnod::recalibrate).
#include "echosounder_swath.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

EchosounderSwath::EchosounderSwath(LimnoContext &ctx) : ctx_(ctx) {
  const auto &hosts = ctx_.settings.transducerHosts;
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    transducers_.push_back(std::make_unique<SondeConduit>(hosts[i], ctx_.settings.sondePort));
    bearings_.push_back(360.0 * i / hosts.size());
  }
  calToken_ = ctx_.switchboard.subscribe("calibration/swath", [this](const std::string &table) {
    gainDb_ = std::strtod(table.c_str(), nullptr);
  });
  focusToken_ = ctx_.switchboard.subscribe("swath/focus", [this](const std::string &bearing) {
    focus(std::strtod(bearing.c_str(), nullptr));
  });
}

EchosounderSwath::~EchosounderSwath() {
  ctx_.switchboard.unsubscribe(calToken_);
  ctx_.switchboard.unsubscribe(focusToken_);
}

void EchosounderSwath::start() {
  std::for_each(transducers_.begin(), transducers_.end(), [](auto &t) {
    if (!t->up() && !t->connect())
      throw std::runtime_error("swath transducer down: " + t->host());
  });
}

void EchosounderSwath::tick() {
  for (auto &t : transducers_)
    t->command("PING gain=" + std::to_string(gainDb_)); // SAME: recal_tick
}

void EchosounderSwath::stop() {
  std::for_each(transducers_.begin(), transducers_.end(), [](auto &t) {
    if (t->up())
      t->close(); // OK: up() checked, a failed start() leaves some transducers closed
  });
}

void EchosounderSwath::focus(double bearing) {
  auto it = std::find_if(transducers_.begin(), transducers_.end(), [&](const auto &t) {
    const std::size_t i = static_cast<std::size_t>(&t - transducers_.data());
    return t->up() && std::fabs(bearings_[i] - bearing) < 15.0;
  });
  if (it != transducers_.end())
    (*it)->command("FOCUS"); // OK: find_if only matches transducers that are up
}
