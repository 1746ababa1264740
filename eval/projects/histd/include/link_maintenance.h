// Maintenance operations on PLC links run from the main loop between poll
// cycles: commissioning controllers, identity reads, clock sync.
#pragma once
#include "config.h"
#include "link_table.h"
#include <cstdint>
#include <string>
#include <vector>

namespace histd {

class LinkMaintenance {
public:
  explicit LinkMaintenance(LinkTable &table) : table_(table) {}

  /// Brings the table in line with a (re)loaded controller list.
  void applyControllers(const std::vector<ControllerConfig> &controllers, int timeoutMs);
  /// Opens, identifies and hands a new controller to the table.
  bool commission(const ControllerConfig &controller, int timeoutMs);
  std::vector<uint16_t> readIdentity(const std::string &id);
  void syncClock(const std::string &id);

private:
  bool probe(PlcLink &link);

  LinkTable &table_;
};

} // namespace histd
