// LnaBiasSupply: the drain-voltage rack biasing the low-noise amplifiers.
// On a major alarm it cuts every drain to 0 V.
#pragma once
#include "annunciator.h"
#include "netline.h"
#include <cstdint>
#include <mutex>
#include <string>

class LnaBiasSupply : public AlarmListener {
public:
  LnaBiasSupply(const std::string &host, std::uint16_t port, int channels);
  /// Sets one channel's drain voltage; throws once the rack line is closed.
  void setDrain(int channel, double millivolts);
  void rampDown();
  /// Ramps every channel down, then closes the rack line.
  void close();
  void onAlarm(const Alarm &alarm) override;

private:
  void sendLocked(const std::string &line);
  std::mutex mu_;
  NetLine rack_;
  int channels_;
};
