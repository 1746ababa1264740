// CrosspointMatrix: the studio audio router frame, driven over a TCP text
// protocol ("ROUTE <dst> <src>" / tally lines back).
#pragma once
#include "outboard.h"
#include <cstdint>
#include <cstdio>

class CrosspointMatrix : public Device {
public:
  CrosspointMatrix(std::string host, uint16_t port);
  ~CrosspointMatrix() override;
  const std::string &name() const override { return host_; }
  bool open() override;
  void apply(const DeviceCommand &cmd) override;
  void close() override;
  bool isOpen() const override { return sock_ >= 0; }
  /// Reads one tally line ("TALLY dst src"); returns -1 on end of stream.
  int readTally(int &destination);

private:
  std::string host_;
  uint16_t port_;
  int sock_ = -1;
  std::FILE *rx_ = nullptr;
};
