// armOrRelease: a sampler card that refuses to arm is wedged until its
// driver resets it, and the driver only does that once nobody holds the
// device open; so the card is closed here before the fault is reported.
#include "digitizer_arming.h"

#include "digitizer.h"

#include <string>

void armOrRelease(Digitizer &digitizer, int samples) {
  try {
    digitizer.arm(samples);
  } catch (const std::exception &e) {
    digitizer.close();
    throw DigitizerFault(std::string("digitizer released after arm failure: ") +
                         e.what());
  }
}
