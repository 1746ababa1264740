// OutboardWiring: owns the outboard devices. powerDown() closes them all when
// the automation goes down (a 24-hour station keeps the emergency loop routed
// to the transmitter); silenceExceptRouter() mutes everything but keeps the
// router up so the emergency loop can still be switched to air.
#include "outboard_wiring.h"

#include <cstdio>
#include <exception>

void OutboardWiring::add(std::unique_ptr<Device> device, bool isRouter) {
  if (isRouter)
    router_ = device.get();
  gear_.push_back(std::move(device));
}

bool OutboardWiring::powerUp() {
  bool all = true;
  for (auto &dev : gear_) {
    if (!dev->open()) {
      std::fprintf(stderr, "outboard: %s did not open\n", dev->name().c_str());
      all = false;
    }
  }
  return all;
}

void OutboardWiring::powerDown(bool keepEmergencyLoop) {
  for (auto &dev : gear_) {
    if (dev->isOpen())
      dev->close();
  }
  if (keepEmergencyLoop && router_) {
    try {
      router_->apply({"route", kEmergencyLoop, kTransmitterFeed, {}}); // BUG: use-after-close
    } catch (const std::exception &e) {
      std::fprintf(stderr, "outboard: emergency loop not routed: %s\n",
                   e.what());
    }
  }
}

void OutboardWiring::silenceExceptRouter() {
  for (auto &dev : gear_) {
    if (dev.get() == router_)
      continue;
    try {
      dev->close();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "outboard: closing %s: %s\n", dev->name().c_str(),
                   e.what());
    }
  }
  if (router_ && router_->isOpen())
    router_->apply({"route", kEmergencyLoop, kTransmitterFeed, {}}); // OK: the router is skipped by the loop
}

Device *OutboardWiring::find(const std::string &name) const {
  for (const auto &dev : gear_)
    if (dev->name() == name)
      return dev.get();
  return nullptr;
}
