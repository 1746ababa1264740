// The haze machine, on a USB-DMX dongle that appears as a character device.
#pragma once
#include "beatkeeper.h"
#include "component.h"
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace cued {

class Hazer final : public Component {
public:
  Hazer(std::string device, Beatkeeper &beat);
  ~Hazer() override;

  const std::string &name() const override { return name_; }
  void start() override;
  void stop() override;
  bool running() const override;
  /// Verbs: "output" (0..1), "purge" (seconds of fan-only before off).
  void command(const std::string &verb, double value) override;

private:
  void purgeTick();
  void writeFrameLocked(double output, double fan);

  const std::string name_ = "hazer";
  std::string device_;
  Beatkeeper &beat_;
  mutable std::mutex mu_;
  std::FILE *port_ = nullptr;
  double output_ = 0.0;
  Beatkeeper::Token purgeToken_ = 0;
};

} // namespace cued
