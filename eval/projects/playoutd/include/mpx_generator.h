// MpxEncoder: one stereo-multiplex generator card; encode() renders a block
// of programme audio into the card's DAC. Throws once closed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

class MpxEncoder {
public:
  explicit MpxEncoder(std::string device);
  ~MpxEncoder();
  MpxEncoder(const MpxEncoder &) = delete;
  MpxEncoder &operator=(const MpxEncoder &) = delete;

  bool open();
  void encode(const std::vector<int16_t> &block);
  void close();
  bool isOpen() const { return fd_ >= 0; }
  const std::string &device() const { return device_; }

private:
  std::string device_;
  int fd_ = -1;
  double pilotPhase_ = 0.0;
};
