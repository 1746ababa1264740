// First-LO synthesizer client: tuning, lock status, muting, an exclusive
// retune for the band switch, and the service-port self test.
#include "oscillator.h"

#include "exclusive_grant.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

LocalOscillator::LocalOscillator(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port), synth_(host_, port_) {}

std::string LocalOscillator::frequencyCommand(double ghz) {
  char cmd[48];
  std::snprintf(cmd, sizeof cmd, "FREQ %.9f GHZ", ghz);
  return cmd;
}

void LocalOscillator::tune(double ghz) {
  if (ghz <= 0.0 || ghz > 40.0)
    throw std::invalid_argument("LO frequency out of range");
  synth_.transmit(frequencyCommand(ghz));
  ghz_ = ghz;
}

bool LocalOscillator::locked() {
  return synth_.query("LOCK?") == "1"; // SAME: lo-lock
}

void LocalOscillator::retuneExclusive(double ghz) {
  ExclusiveGrant(synth_, "dishd").assertControl();
  synth_.transmit(frequencyCommand(ghz)); // BUG: use-after-close
  ghz_ = ghz;
}

std::string LocalOscillator::selfTest() {
  NetLine service(host_, static_cast<std::uint16_t>(port_ + 1));
  ExclusiveGrant grant(service, "dishd-selftest");
  grant.assertControl();
  return service.query("SELFTEST?"); // OK
}

void LocalOscillator::mute() {
  if (!synth_)
    return;
  synth_.transmit("RF OFF"); // OK
}

void LocalOscillator::close() {
  if (!synth_)
    return;
  synth_.transmit("RF OFF");
  synth_.close();
}

void LocalOscillator::reopen() {
  synth_.open(host_, port_);
  if (ghz_ > 0.0)
    tune(ghz_); // OK
}
