// A lineset (or the iron) on a networked variable-frequency drive.
#pragma once
#include "axisdrive.h"
#include "decksocket.h"
#include "lineplot.h"

namespace cued {

class VfdAxis final : public AxisDrive {
public:
  explicit VfdAxis(LineSpec spec);

  const std::string &name() const override { return spec_.name; }
  void moveTo(double metres, double speed) override;
  double position() const override { return lastPosition_; }
  bool moving() override;
  void park() override;
  void release() override;
  bool released() const override { return released_; }
  int faults() const override { return faults_; }

  /// After a communication fault: reconnects and clears the drive's fault.
  void recover();

private:
  LineSpec spec_;
  DeckSocket link_;
  double lastPosition_ = 0.0;
  bool released_ = false;
  int faults_ = 0;
};

} // namespace cued
