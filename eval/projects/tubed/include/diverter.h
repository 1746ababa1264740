// DiverterController: the track switches that route a carrier between tube lines.
#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "fieldbus_pool.h"

namespace tubed {

class DiverterController {
 public:
  explicit DiverterController(std::shared_ptr<FieldbusPool> bus);

  Status set_position(int diverter, int port);
  Result<int> position(int diverter);
  Status park(int diverter);  // moves the diverter to its parking siding
  int last_known(int diverter) const;

 private:
  std::shared_ptr<FieldbusPool> bus_;
  mutable std::mutex mu_;
  std::map<int, int> last_;
};

}  // namespace tubed
