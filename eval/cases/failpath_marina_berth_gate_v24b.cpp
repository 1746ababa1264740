// Marina harbourmaster system: every arriving vessel gets an EventChannel
// session to the gate display and the dock hands' radios. The helpers close
// the session when the vessel is turned away: announceArrival() returns false,
// checkPermit() throws, and a fuel-dock spill halts the marina outright.
// handleArrival() ignores announceArrival()'s result and goes on to assign a
// berth on the closed session; the other handlers stop on the failure paths.
#include "messaging.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

struct Vessel {
  std::string name;
  double lengthM = 0;
  bool permitValid = true;
  bool needsFuel = false;
};

constexpr double kMaxLengthM = 24.0;

[[noreturn]] void haltMarina(const std::string &why) {
  std::fprintf(stderr, "MARINA HALT: %s\n", why.c_str());
  std::exit(3);
}

bool announceArrival(EventChannel &session, const Vessel &v) {
  if (v.lengthM > kMaxLengthM) {
    session.send("DENY " + v.name + " too long for visitor berths");
    session.close();
    return false;
  }
  session.send("ARRIVAL " + v.name);
  return true;
}

void checkPermit(EventChannel &session, const Vessel &v) {
  if (!v.permitValid) {
    session.send("DENY " + v.name + " no mooring permit");
    session.close();
    throw std::runtime_error("no permit: " + v.name);
  }
}

void requireFuelDockClear(EventChannel &session, bool spillReported) {
  if (spillReported) {
    session.send("FUEL DOCK CLOSED - SPILL");
    session.close();
    haltMarina("fuel spill at the fuel dock");
  }
}

void assignBerth(EventChannel &session, const Vessel &v, int berth) {
  session.send("BERTH " + v.name + " -> " + std::to_string(berth)); // SAME: marina-berth
}

void handleArrival(EventChannel &session, const Vessel &v, int berth) {
  announceArrival(session, v);
  assignBerth(session, v, berth); // BUG: use-after-close #marina-berth
  std::printf("%s berthed at %d\n", v.name.c_str(), berth);
}

void handleArrivalChecked(EventChannel &session, const Vessel &v, int berth) {
  if (!announceArrival(session, v))
    return;
  checkPermit(session, v);
  assignBerth(session, v, berth); // OK
  session.close(); // OK
}

int handleFuelStop(EventChannel &session, const Vessel &v, bool spillReported) {
  if (!v.needsFuel)
    return 0;
  requireFuelDockClear(session, spillReported);
  session.send("FUEL " + v.name + " pump 2"); // OK
  return 2;
}

void handleNight(EventChannel &session, const Vessel &v, int berth) {
  try {
    checkPermit(session, v);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "night arrival refused: %s\n", e.what());
    return;
  }
  session.send("NIGHT ARRIVAL " + v.name); // OK
  assignBerth(session, v, berth); // OK
}
