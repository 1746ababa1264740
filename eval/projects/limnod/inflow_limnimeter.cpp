// InflowLimnimeter: level recorder at the inflow. State machine: Idle -> Logging;
// a read error closes the tty and moves to Faulted, the next tick reopens it;
// stop() moves to Stopped. calibrate() comes from an operator command.
#include "inflow_limnimeter.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

InflowLimnimeter::InflowLimnimeter(LimnoContext &ctx) : ctx_(ctx), tty_(ctx.settings.device("inflow")) {
  calToken_ = ctx_.switchboard.subscribe("calibration/inflow", [this](const std::string &offset) {
    calibrate(std::strtod(offset.c_str(), nullptr));
  });
}

InflowLimnimeter::~InflowLimnimeter() {
  ctx_.switchboard.unsubscribe(calToken_);
  stop();
}

void InflowLimnimeter::start() {
  if (state_ == State::Logging)
    return;
  state_ = tty_.open() ? State::Logging : State::Faulted;
}

void InflowLimnimeter::tick() {
  switch (state_) {
  case State::Logging:
    try {
      levels_.push_back(tty_.readLevel() - datum_); // OK: read only in Logging, where the tty is open
    } catch (const std::runtime_error &e) {
      fault(e);
    }
    break;
  case State::Faulted:
    if (tty_.open())
      state_ = State::Logging;
    break;
  case State::Idle:
  case State::Stopped:
    break;
  }
}

void InflowLimnimeter::fault(const std::exception &why) {
  std::fprintf(stderr, "limnod: inflow limnimeter %s: %s\n", tty_.device().c_str(), why.what());
  tty_.close();
  state_ = State::Faulted;
}

void InflowLimnimeter::stop() {
  if (state_ == State::Logging)
    tty_.close(); // OK: in Faulted the tty was closed by fault(), in Idle it never opened
  state_ = State::Stopped;
}

void InflowLimnimeter::calibrate(double datumOffset) {
  if (state_ == State::Stopped || state_ == State::Idle)
    return;
  const double raw = tty_.readLevel(); // BUG: use-after-close
  datum_ = raw - datumOffset;
}
