// LocalOscillator: the first LO synthesizer feeding the down-converter.
#pragma once
#include "netline.h"
#include <cstdint>
#include <string>

class LocalOscillator {
public:
  LocalOscillator(std::string host, std::uint16_t port);
  /// Sets the LO frequency; throws once the synthesizer line is closed.
  void tune(double ghz);
  /// Reports phase lock; throws once the synthesizer line is closed.
  bool locked();
  /// Retunes while holding exclusive control of the synthesizer.
  void retuneExclusive(double ghz);
  /// Runs the synthesizer self test over its service port.
  std::string selfTest();
  void mute();
  void close();
  void reopen();

  double frequency() const { return ghz_; }
  explicit operator bool() const { return static_cast<bool>(synth_); }

private:
  static std::string frequencyCommand(double ghz);
  std::string host_;
  std::uint16_t port_;
  NetLine synth_;
  double ghz_ = 0.0;
};
