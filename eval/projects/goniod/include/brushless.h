// goniod — brushless servo axis driven through the shared PV gateway.
#pragma once
#include <memory>
#include <string>

#include "axis.h"

namespace goniod {

class BrushlessAxis final : public AxisDriver {
public:
  BrushlessAxis(std::string name, std::shared_ptr<PvConn> gateway);
  ~BrushlessAxis() override;
  void move_to(double degrees) override;
  double position() override;
  void halt() override;
  void release() override;
  bool released() const override;

private:
  void require_enabled(const char *what) const;
  std::shared_ptr<PvConn> gateway_;
  bool released_ = false;
};

} // namespace goniod
