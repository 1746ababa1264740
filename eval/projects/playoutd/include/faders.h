// FaderSurface: the on-air mixing console's control surface on a serial line.
#pragma once
#include "outboard.h"

class FaderSurface : public Device {
public:
  explicit FaderSurface(std::string port);
  ~FaderSurface() override;
  const std::string &name() const override { return port_; }
  bool open() override;
  void apply(const DeviceCommand &cmd) override;
  void close() override;
  bool isOpen() const override { return fd_ >= 0; }
  void fadeAllTo(int level);

private:
  std::string port_;
  int fd_ = -1;
};
