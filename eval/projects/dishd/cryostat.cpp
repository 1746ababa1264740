// Cryostat controller client. Every use checks the link under the mutex
// first (`if (!link_) return ...`), close() resets the link to null, and
// reconnect() installs a fresh NetLine before using it; the alarm callback
// can therefore run after close() without touching a closed line.
#include "cryostat.h"

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

Cryostat::Cryostat(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port),
      link_(std::make_unique<NetLine>(host_, port_)) {}

double Cryostat::stageKelvin(int stage) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!link_)
    return std::numeric_limits<double>::quiet_NaN();
  const std::string reply = link_->query("TEMP? " + std::to_string(stage)); // OK
  return std::stod(reply);
}

void Cryostat::startRegeneration() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!link_)
    throw std::runtime_error("cryostat link is down, cannot regenerate");
  link_->transmit("REGEN START"); // OK
}

void Cryostat::reconnect() {
  std::lock_guard<std::mutex> lock(mu_);
  if (link_)
    link_->close();
  link_ = std::make_unique<NetLine>(host_, port_);
  link_->transmit("HELLO dishd"); // OK
}

void Cryostat::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!link_)
    return;
  link_->transmit("COMPRESSOR HOLD");
  link_->close();
  link_.reset();
}

bool Cryostat::online() const {
  std::lock_guard<std::mutex> lock(mu_);
  return static_cast<bool>(link_);
}

void Cryostat::onAlarm(const Alarm &alarm) {
  if (alarm.severity != Alarm::Severity::Critical)
    return;
  std::lock_guard<std::mutex> lock(mu_);
  if (!link_)
    return;
  link_->transmit("COMPRESSOR HOLD"); // OK
}
