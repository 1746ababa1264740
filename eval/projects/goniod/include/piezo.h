// goniod — piezo rotation stage on an RS-232 controller.
#pragma once
#include <string>

#include "axis.h"

namespace goniod {

class PiezoAxis final : public AxisDriver {
public:
  PiezoAxis(std::string name, const std::string &device);
  ~PiezoAxis() override;
  void move_to(double degrees) override;
  double position() override;
  void halt() override;
  void release() override;
  bool released() const override;

private:
  std::string query(const std::string &line);
  void send_line(const std::string &line);
  int fd_ = -1;
};

} // namespace goniod
