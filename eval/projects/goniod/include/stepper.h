// goniod — stepper axis on a line-buffered motion controller opened as FILE*.
#pragma once
#include <cstdio>
#include <string>

#include "axis.h"

namespace goniod {

class StepperAxis final : public AxisDriver {
public:
  StepperAxis(std::string name, const std::string &device);
  ~StepperAxis() override;
  void move_to(double degrees) override;
  double position() override;
  void halt() override;
  void release() override;
  bool released() const override;

private:
  std::string transact(const std::string &command);
  std::FILE *ctl_ = nullptr;
  double steps_per_degree_ = 3200.0;
};

} // namespace goniod
