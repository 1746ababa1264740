// MpxEncoder: one stereo-multiplex generator card. encode() adds the 19 kHz
// pilot to each block and writes it to the card's DAC device. Correct as
// written: close() resets fd_, so the destructor never closes a card twice.
#include "mpx_generator.h"

#include <cmath>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <utility>

MpxEncoder::MpxEncoder(std::string device) : device_(std::move(device)) {}

MpxEncoder::~MpxEncoder() {
  if (fd_ >= 0)
    ::close(fd_); // OK: close() resets fd_, so a card closed by the pool is not closed again
}

bool MpxEncoder::open() {
  if (fd_ >= 0)
    return true;
  fd_ = ::open(device_.c_str(), O_WRONLY | O_CLOEXEC);
  return fd_ >= 0;
}

void MpxEncoder::encode(const std::vector<int16_t> &block) {
  if (fd_ < 0)
    throw std::runtime_error("MPX card " + device_ + " closed");
  constexpr double kPilotStep = 2.0 * M_PI * 19000.0 / 192000.0;
  std::vector<int16_t> out(block.size());
  for (std::size_t i = 0; i < block.size(); ++i) {
    const double pilot = 0.09 * 32767.0 * std::sin(pilotPhase_);
    pilotPhase_ = std::fmod(pilotPhase_ + kPilotStep, 2.0 * M_PI);
    out[i] = static_cast<int16_t>(0.9 * block[i] + pilot);
  }
  if (::write(fd_, out.data(), out.size() * sizeof(int16_t)) < 0)
    throw std::runtime_error("MPX card " + device_ + ": write failed");
}

void MpxEncoder::close() {
  if (fd_ < 0)
    return;
  ::close(fd_);
  fd_ = -1;
}
