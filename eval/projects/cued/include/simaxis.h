// A simulated lineset used in technical rehearsals without live motors.
#pragma once
#include "axisdrive.h"
#include "lineplot.h"
#include <chrono>
#include <mutex>

namespace cued {

class SimAxis final : public AxisDrive {
public:
  explicit SimAxis(LineSpec spec);

  const std::string &name() const override { return spec_.name; }
  void moveTo(double metres, double speed) override;
  double position() const override;
  bool moving() override;
  void park() override;
  void release() override;
  bool released() const override;
  int faults() const override { return 0; }

  /// Between rehearsal runs: re-energise and fly back to the park trim.
  void rehearsalReset();

private:
  using Clock = std::chrono::steady_clock;
  void advanceLocked() const;

  LineSpec spec_;
  mutable std::mutex mu_;
  mutable double position_ = 0.0;
  double target_ = 0.0;
  double speed_ = 0.0;
  mutable Clock::time_point lastTick_ = Clock::now();
  bool released_ = false;
};

} // namespace cued
