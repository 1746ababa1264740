// AesSender: programme audio to the transmitter site as AES67-style RTP over
// a connected UDP socket; reconnect() swaps in a fresh socket.
#pragma once
#include "framing.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

class AesSender {
public:
  AesSender(std::string host, uint16_t port);
  bool reconnect();
  void send(const std::vector<int16_t> &pcm);
  void close();
  bool isOpen() const { return pipe_.has_value() && pipe_->isOpen(); }

private:
  int dial() const;

  std::string host_;
  uint16_t port_;
  std::vector<int16_t> preroll_;
  std::optional<Pipe<AesFraming>> pipe_;
};
