// WebstreamOut: feeds the web stream's AAC encoder process through a pipe,
// wrapping each block in an ADTS header; sendStationId() plays the ID.
#include "adts_framing.h"

#include <utility>

std::vector<uint8_t> AdtsFraming::wrap(const std::vector<int16_t> &pcm,
                                       uint32_t seq) {
  const std::size_t payload = pcm.size() * sizeof(int16_t);
  const std::size_t length = payload + 7;
  std::vector<uint8_t> frame(length);
  frame[0] = 0xFF;
  frame[1] = 0xF1; // MPEG-4, no CRC
  frame[2] = 0x50; // AAC LC, 48 kHz
  frame[3] = static_cast<uint8_t>(0x80 | ((length >> 11) & 0x03));
  frame[4] = static_cast<uint8_t>(length >> 3);
  frame[5] = static_cast<uint8_t>(((length & 0x07) << 5) | 0x1F);
  frame[6] = static_cast<uint8_t>(0xFC | (seq & 0x03));
  const auto *bytes = reinterpret_cast<const uint8_t *>(pcm.data());
  std::copy(bytes, bytes + payload, frame.begin() + 7);
  return frame;
}

WebstreamOut::WebstreamOut(int encoderFd, std::vector<int16_t> stationId)
    : pipe_(encoderFd), stationId_(std::move(stationId)) {}

void WebstreamOut::push(const std::vector<int16_t> &pcm) {
  if (!pipe_.isOpen())
    return;
  pipe_.push(pcm); // OK: finish() is the only close and isOpen() is checked
}

void WebstreamOut::sendStationId() {
  pipe_.push(stationId_); // SAME: wsid
}

void WebstreamOut::finish() { pipe_.close(); }
