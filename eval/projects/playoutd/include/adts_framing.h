// WebstreamOut: feeds the web stream encoder process through a pipe in ADTS
// frames and plays the station ID into it on request.
#pragma once
#include "framing.h"
#include <vector>

class WebstreamOut {
public:
  WebstreamOut(int encoderFd, std::vector<int16_t> stationId);
  void push(const std::vector<int16_t> &pcm);
  void sendStationId();
  void finish();
  bool live() const { return pipe_.isOpen(); }

private:
  Pipe<AdtsFraming> pipe_;
  std::vector<int16_t> stationId_;
};
