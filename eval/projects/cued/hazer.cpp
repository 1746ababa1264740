// The haze machine on a USB-DMX dongle written with stdio (a DMX start code
// and two channels: output and fan). Negative: port_ is only touched under
// the mutex after a null check, stop() cancels the purge timer and nulls
// port_ right after fclose(), and start() reopens the dongle before writing.
#include "hazer.h"

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace cued {

Hazer::Hazer(std::string device, Beatkeeper &beat)
    : device_(std::move(device)), beat_(beat) {}

Hazer::~Hazer() { stop(); }

void Hazer::writeFrameLocked(double output, double fan) {
  const unsigned char frame[3] = {
      0x00, static_cast<unsigned char>(std::clamp(output, 0.0, 1.0) * 255),
      static_cast<unsigned char>(std::clamp(fan, 0.0, 1.0) * 255)};
  std::fwrite(frame, 1, sizeof frame, port_);
  std::fflush(port_);
}

void Hazer::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (port_ != nullptr)
    return;
  port_ = std::fopen(device_.c_str(), "wb");
  if (port_ == nullptr)
    throw std::system_error(errno, std::generic_category(), "open " + device_);
  writeFrameLocked(output_, output_ > 0.0 ? 0.6 : 0.0); // OK: the dongle was reopened above
}

void Hazer::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (port_ == nullptr)
    return;
  if (purgeToken_ != 0) {
    beat_.cancel(purgeToken_);
    purgeToken_ = 0;
  }
  writeFrameLocked(0.0, 0.0);
  std::fclose(port_);
  port_ = nullptr;
}

bool Hazer::running() const {
  std::lock_guard<std::mutex> lk(mu_);
  return port_ != nullptr;
}

void Hazer::command(const std::string &verb, double value) {
  std::lock_guard<std::mutex> lk(mu_);
  if (port_ == nullptr)
    throw std::runtime_error("hazer stopped, cannot " + verb);
  if (verb == "output") {
    output_ = std::clamp(value, 0.0, 1.0);
    writeFrameLocked(output_, output_ > 0.0 ? 0.6 : 0.0);
  } else if (verb == "purge") {
    output_ = 0.0;
    writeFrameLocked(0.0, 1.0);
    if (purgeToken_ != 0)
      beat_.cancel(purgeToken_);
    purgeToken_ = beat_.after(
        std::chrono::milliseconds(static_cast<long>(value * 1000.0)),
        [this] { purgeTick(); });
  } else {
    throw std::invalid_argument("hazer: unknown verb " + verb);
  }
}

void Hazer::purgeTick() {
  std::lock_guard<std::mutex> lk(mu_);
  purgeToken_ = 0;
  if (port_ == nullptr)
    return;
  writeFrameLocked(0.0, 0.0);
  std::fflush(port_); // OK: port_ is checked under the lock stop() holds while closing
}

} // namespace cued
