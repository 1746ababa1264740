// A lineset (or the iron) on a networked variable-frequency drive. The
// constructor dials and negotiates; recover() re-establishes the link after
// a communication fault and clears the drive's latched fault.
#include "vfdaxis.h"
#include "parley.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace cued {

namespace {
constexpr std::chrono::milliseconds kDial{2000};
constexpr std::chrono::milliseconds kStatusWait{400};

std::string fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}
} // namespace

VfdAxis::VfdAxis(LineSpec spec)
    : spec_(std::move(spec)), link_(spec_.host, spec_.port, kDial),
      lastPosition_(spec_.parkTrim) {
  negotiate(link_, spec_.name);
}

void VfdAxis::moveTo(double metres, double speed) {
  if (released_)
    throw std::runtime_error(spec_.name + ": vfd released, move refused");
  link_.sendLine("MOVE " + fixed(metres) + " " + fixed(std::min(speed, spec_.maxSpeed)));
}

bool VfdAxis::moving() {
  if (released_)
    return false;
  try {
    const std::string status = link_.query("STATUS?", kStatusWait);
    double pos = lastPosition_;
    char state[16] = {};
    if (std::sscanf(status.c_str(), "%15s %lf", state, &pos) == 2)
      lastPosition_ = pos;
    return std::string(state) == "RUN";
  } catch (const std::runtime_error &) {
    ++faults_;
    recover();
    return true; // assume it is still travelling until status is back
  }
}

void VfdAxis::park() { moveTo(spec_.parkTrim, spec_.maxSpeed); }

void VfdAxis::release() {
  if (released_)
    return;
  released_ = true;
  try {
    link_.sendLine("STOP");
    link_.sendLine("DISABLE");
  } catch (const std::exception &) {
    // the drive sets its brake on link loss anyway
  }
  link_.close();
}

void VfdAxis::recover() {
  link_.close();
  try {
    link_ = DeckSocket(spec_.host, spec_.port, kDial);
    link_.sendLine("RESET " + spec_.name); // OK: a new connection replaced the closed one
    negotiate(link_, spec_.name);
  } catch (const std::exception &e) {
    ++faults_;
    std::fprintf(stderr, "%s: recovery failed: %s\n", spec_.name.c_str(), e.what());
  }
  link_.sendLine("CLEARFAULT"); // BUG: use-after-close
}

} // namespace cued
