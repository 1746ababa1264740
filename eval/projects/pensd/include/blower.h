// BlowerController: pneumatic feed blower on the barge, driven over its PLC link.
#pragma once

#include <cstdint>
#include <memory>

#include "plc_link.h"
#include "status.h"

class BlowerController {
 public:
  BlowerController(std::shared_ptr<PlcLink> link, std::uint16_t max_rpm);

  std::uint16_t rpm_for(double kg_per_min) const;  // pure: no PLC traffic
  Status idle();                                   // blower speed to zero
  std::uint16_t max_rpm() const;

 private:
  std::shared_ptr<PlcLink> link_;
  std::uint16_t max_rpm_;
};
