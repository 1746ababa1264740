// GroomingFleet: the snowcat fleet on the grooming talk group. Position
// sweeps run on the crew pool; incidents from patrol dispatch are relayed
// to the cats over the radio.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "crew_pool.h"
#include "patrol_dispatch.h"
#include "radio_channel.h"

namespace liftops {

class GroomingFleet {
public:
  GroomingFleet(std::shared_ptr<RadioChannel> radio, std::shared_ptr<CrewPool> pool,
                std::shared_ptr<DispatchChannel> dispatch);
  ~GroomingFleet();

  void addGroomer(const std::string &unit);
  void relayIncidents();
  void startPositionSweep();
  void recallAll();
  void endShift();

private:
  std::shared_ptr<RadioChannel> radio_;
  std::shared_ptr<CrewPool> pool_;
  std::shared_ptr<DispatchChannel> dispatch_;
  std::vector<std::string> units_;
  int relayToken_ = 0;
};

} // namespace liftops
