// Arming policy for the digitizer: a card that refuses to arm is released so
// the kernel driver's watchdog can reset it.
#pragma once
#include <stdexcept>

class Digitizer;

struct DigitizerFault : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Arms `digitizer`; on failure closes it and throws DigitizerFault.
void armOrRelease(Digitizer &digitizer, int samples);
