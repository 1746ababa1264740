// Cryostat: the receiver dewar's temperature controller (stage sensors,
// regeneration heaters), reached over its own NetLine. Listens to the alarm
// panel so a critical alarm puts the compressor on hold.
#pragma once
#include "annunciator.h"
#include "netline.h"
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

class Cryostat : public AlarmListener {
public:
  Cryostat(std::string host, std::uint16_t port);
  /// Stage temperature in kelvin, NaN while the controller link is down.
  double stageKelvin(int stage);
  /// Starts a regeneration cycle; throws while the link is down.
  void startRegeneration();
  /// Drops any old link and connects a fresh one.
  void reconnect();
  void close();
  bool online() const;
  void onAlarm(const Alarm &alarm) override;

private:
  std::string host_;
  std::uint16_t port_;
  mutable std::mutex mu_;
  std::unique_ptr<NetLine> link_;
};
