// GondolaController: the base/mid/top station drives of the gondola, one
// LiftLink per station.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "lift_link.h"
#include "status.h"

namespace liftops {

class GondolaController {
public:
  GondolaController(std::string id, std::vector<std::shared_ptr<LiftLink>> stations);
  ~GondolaController();

  void parkCabins();
  void doorsOpen(std::size_t station);
  void shutdown();
  bool parked() const { return parked_; }

private:
  void closeStations();

  std::string id_;
  std::vector<std::shared_ptr<LiftLink>> stations_;
  bool parked_ = false;
  bool stationsClosed_ = false;
};

} // namespace liftops
