// RadioChannel: talk-group state under a mutex. transmit() throws once
// closed, close() throws when already closed, retune() reopens. The
// destructor closes only an open channel.
#include "radio_channel.h"

#include <cstdio>
#include <stdexcept>
#include <utility>

namespace liftops {

RadioChannel::RadioChannel(std::string name, double freqMhz)
    : name_(std::move(name)), freqMhz_(freqMhz) {}

RadioChannel::~RadioChannel() {
  if (isOpen())
    close(); // OK: only an open channel
}

void RadioChannel::transmit(const std::string &unit, const std::string &text) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    throw std::runtime_error("radio channel " + name_ + " is closed, cannot call " + unit);
  char line[256];
  std::snprintf(line, sizeof line, "[%.3f] %s: %s", freqMhz_, unit.c_str(), text.c_str());
  sent_.emplace_back(line);
}

void RadioChannel::retune(double freqMhz) {
  std::lock_guard<std::mutex> lock(mu_);
  freqMhz_ = freqMhz;
  state_ = State::Open;
}

void RadioChannel::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    throw std::logic_error("radio channel " + name_ + " closed twice");
  state_ = State::Closed;
  sent_.clear();
}

bool RadioChannel::isOpen() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ == State::Open;
}

} // namespace liftops
