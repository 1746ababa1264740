// Level recorder at the inflow, with a small state machine around its serial line.
#pragma once
#include "limnimeter_tty.h"
#include "limno_component.h"
#include <exception>
#include <vector>

class InflowLimnimeter : public LimnoComponent {
public:
  explicit InflowLimnimeter(LimnoContext &ctx);
  ~InflowLimnimeter() override;
  const char *kind() const override { return "inflow"; }
  void start() override;
  void tick() override;
  void stop() override;
  void calibrate(double datumOffset);

private:
  enum class State { Idle, Logging, Faulted, Stopped };
  void fault(const std::exception &why);
  LimnoContext &ctx_;
  LimnimeterTty tty_;
  State state_ = State::Idle;
  double datum_ = 0;
  std::vector<double> levels_;
  int calToken_ = 0;
};
