// LNA drain-bias rack client. close() ramps every channel to 0 V and closes
// the rack line; onAlarm cuts all drains when a major receiver alarm (a
// warming cold head, a receiver shutdown) is raised.
#include "lna_bias.h"

#include <cstdio>
#include <stdexcept>
#include <string>

LnaBiasSupply::LnaBiasSupply(const std::string &host, std::uint16_t port,
                             int channels)
    : rack_(host, port), channels_(channels) {}

void LnaBiasSupply::sendLocked(const std::string &line) {
  rack_.transmit(line);
  const std::string reply = rack_.receive();
  if (reply != "OK")
    throw std::runtime_error("bias rack refused '" + line + "': " + reply);
}

void LnaBiasSupply::setDrain(int channel, double millivolts) {
  if (channel < 0 || channel >= channels_)
    throw std::out_of_range("bias channel " + std::to_string(channel));
  char cmd[48];
  std::snprintf(cmd, sizeof cmd, "VD %d %.1f", channel, millivolts);
  std::lock_guard<std::mutex> lock(mu_);
  sendLocked(cmd);
}

void LnaBiasSupply::rampDown() {
  for (int ch = 0; ch < channels_; ++ch)
    setDrain(ch, 0.0);
}

void LnaBiasSupply::close() {
  rampDown();
  std::lock_guard<std::mutex> lock(mu_);
  rack_.close();
}

void LnaBiasSupply::onAlarm(const Alarm &alarm) {
  if (alarm.severity < Alarm::Severity::Major || alarm.source == "gust")
    return;
  // Broadcast commands are executed at once and not acknowledged.
  std::lock_guard<std::mutex> lock(mu_);
  rack_.transmit("VD ALL 0"); // SAME: lna-alarm
}
