// House lights over the lighting console's network port. Negative: every
// send happens under the mutex after checking state_ (and that console_ is
// there); stop() cancels the fade timer before it closes the console link,
// and start()/relink() dial a new link before sending on it.
#include "houselights.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace cued {

namespace {
constexpr std::chrono::milliseconds kDial{1000};
constexpr std::chrono::milliseconds kFadeStep{40};
} // namespace

HouseLights::HouseLights(std::string host, std::uint16_t port, Beatkeeper &beat)
    : host_(std::move(host)), port_(port), beat_(beat) {}

HouseLights::~HouseLights() { stop(); }

void HouseLights::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ == State::Live)
    return;
  if (!console_ || !*console_)
    console_ = std::make_unique<DeckSocket>(host_, port_, kDial);
  console_->sendLine("HOUSE ONLINE"); // OK: dialled just above when the old link was closed
  state_ = State::Live;
  sendLevelLocked(level_);
}

void HouseLights::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Live)
    return;
  if (fadeToken_ != 0) {
    beat_.cancel(fadeToken_);
    fadeToken_ = 0;
  }
  try {
    console_->sendLine("HOUSE OFFLINE");
  } catch (const std::exception &) {
    // the console is going away anyway
  }
  console_->close();
  state_ = State::Stopped;
}

bool HouseLights::running() const {
  std::lock_guard<std::mutex> lk(mu_);
  return state_ == State::Live;
}

void HouseLights::sendLevelLocked(double level) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "HOUSE LEVEL %.3f", level);
  console_->sendLine(buf);
  level_ = level;
}

void HouseLights::command(const std::string &verb, double value) {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Live)
    throw std::runtime_error("houselights stopped, cannot " + verb);
  value = std::clamp(value, 0.0, 1.0);
  if (verb == "level") {
    if (fadeToken_ != 0) {
      beat_.cancel(fadeToken_);
      fadeToken_ = 0;
    }
    sendLevelLocked(value);
  } else if (verb == "fade") {
    fadeTarget_ = value;
    const double steps = fadeSeconds_ * 1000.0 / kFadeStep.count();
    fadeStep_ = (fadeTarget_ - level_) / steps;
    if (fadeToken_ == 0)
      fadeToken_ = beat_.every(kFadeStep, [this] { stepFade(); });
  } else {
    throw std::invalid_argument("houselights: unknown verb " + verb);
  }
}

void HouseLights::stepFade() {
  std::lock_guard<std::mutex> lk(mu_);
  if (state_ != State::Live || !console_)
    return;
  double next = level_ + fadeStep_;
  const bool done = std::fabs(fadeTarget_ - level_) <= std::fabs(fadeStep_);
  if (done)
    next = fadeTarget_;
  char buf[48];
  std::snprintf(buf, sizeof buf, "HOUSE LEVEL %.3f", next);
  console_->sendLine(buf); // OK: state_ is checked under the lock stop() takes
  level_ = next;
  if (done) {
    beat_.cancel(fadeToken_);
    fadeToken_ = 0;
  }
}

void HouseLights::relink() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!console_)
    return;
  console_->close();
  console_ = std::make_unique<DeckSocket>(host_, port_, kDial);
  if (state_ == State::Live)
    sendLevelLocked(level_); // OK: console_ was replaced by a new link above
}

} // namespace cued
