// RoutePlanner: finds the diverter settings between two stations and applies them while
// holding the network's route-lock register.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "diverter.h"
#include "fieldbus_pool.h"

namespace tubed {

class RoutePlanner {
 public:
  struct Hop {
    std::string to;
    int diverter;
    int port;
  };

  RoutePlanner(std::shared_ptr<FieldbusPool> bus, std::shared_ptr<DiverterController> diverters);

  void add_hop(const std::string& from, const std::string& to, int diverter, int port);
  std::vector<Hop> path(const std::string& from, const std::string& to) const;
  Status route(const std::string& from, const std::string& to);
  Result<int> verify(int diverter);

 private:
  std::shared_ptr<FieldbusPool> bus_;
  std::shared_ptr<DiverterController> diverters_;
  std::map<std::string, std::vector<Hop>> hops_;
};

}  // namespace tubed
