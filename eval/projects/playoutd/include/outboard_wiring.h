// OutboardWiring: owns every outboard device and powers them up and down.
#pragma once
#include "outboard.h"
#include <memory>
#include <vector>

class OutboardWiring {
public:
  /// The router frame is also kept aside: it carries the emergency loop.
  void add(std::unique_ptr<Device> device, bool isRouter = false);
  bool powerUp();
  void powerDown(bool keepEmergencyLoop);
  void silenceExceptRouter();
  Device *find(const std::string &name) const;

private:
  std::vector<std::unique_ptr<Device>> gear_;
  Device *router_ = nullptr;
};

constexpr int kEmergencyLoop = 64;
constexpr int kTransmitterFeed = 1;
