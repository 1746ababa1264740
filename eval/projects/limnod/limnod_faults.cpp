// LimnoFaults: logs a fault and closes the connection it happened on. Called on
// the cycle thread only, the thread that also closes the gauger at dusk.
// Negative: the conduit is closed only if still up, and the gauger is used only
// after isOpen() on the thread that closes it.
#include "limnod_faults.h"
#include "limnod_gauger.h"
#include "shoreline_telemeter.h"
#include "sonde_conduit.h"
#include <cstdio>

LimnoFaults &limnoFaults() {
  static LimnoFaults faults;
  return faults;
}

void LimnoFaults::onTelemeterFault(ShorelineTelemeter &telemeter, const std::exception &why) {
  ++faults_;
  std::fprintf(stderr, "limnod: shore telemeter %s: %s\n", telemeter.host().c_str(), why.what());
  closeTelemeterRetrying(telemeter);
}

void LimnoFaults::onSondeFault(SondeConduit &conduit, const std::exception &why) {
  ++faults_;
  std::fprintf(stderr, "limnod: sonde %s: %s\n", conduit.host().c_str(), why.what());
  if (conduit.up())
    conduit.close(); // OK: a conduit already closed by its owner is left alone
  LimnoGauger &gauger = LimnoGauger::instance();
  if (gauger.isOpen())
    gauger.count("faults.sonde"); // OK: isOpen() checked on the thread that closes the gauger
}
