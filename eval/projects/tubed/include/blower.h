// BlowerController: the vacuum/pressure blowers that move carriers through the tubes.
#pragma once

#include <atomic>
#include <memory>

#include "fieldbus_pool.h"

namespace tubed {

class BlowerController {
 public:
  BlowerController(std::shared_ptr<FieldbusPool> bus, int blowers);

  Status set_speed(int blower, int rpm);
  Status spin_down();       // ramps every blower to zero
  Status emergency_stop();  // cuts blower power; Code::Closed when the bus is already down
  Status purge(int zone);   // short reverse-air burst that frees a stuck carrier
  int running() const;

 private:
  std::shared_ptr<FieldbusPool> bus_;
  int blowers_;
  std::atomic<int> running_{0};
};

}  // namespace tubed
