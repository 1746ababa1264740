// RdsInjector: the RDS encoder in front of the exciter, fed UECP-style text
// commands (programme service name, radiotext) over a serial port.
#pragma once
#include "outboard.h"
#include <cstdio>
#include <mutex>

class RdsInjector : public Device {
public:
  explicit RdsInjector(std::string port);
  ~RdsInjector() override;
  const std::string &name() const override { return port_; }
  bool open() override;
  void apply(const DeviceCommand &cmd) override;
  void close() override;
  bool isOpen() const override;

private:
  std::string port_;
  mutable std::mutex mu_;
  std::FILE *out_ = nullptr;
};
