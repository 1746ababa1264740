// A lineset driven by a servo controller on the shared RS-485 drive bus.
#pragma once
#include "axisdrive.h"
#include "drivebus.h"
#include "lineplot.h"
#include <memory>

namespace cued {

class ServoAxis final : public AxisDrive {
public:
  ServoAxis(LineSpec spec, std::shared_ptr<DriveBus> bus);

  const std::string &name() const override { return spec_.name; }
  void moveTo(double metres, double speed) override;
  double position() const override { return lastPosition_; }
  bool moving() override;
  void park() override;
  void release() override;
  bool released() const override { return released_; }
  int faults() const override { return faults_; }

private:
  void requireLive(const char *operation) const;
  static DriveBus::Frame encodeMove(double metres, double speed);

  LineSpec spec_;
  std::shared_ptr<DriveBus> bus_;
  double lastPosition_ = 0.0;
  bool released_ = false;
  int faults_ = 0;
};

} // namespace cued
