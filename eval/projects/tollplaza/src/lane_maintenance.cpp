// Night mode: the automatic lanes close and only the staffed lane keeps
// taking traffic, with a banner on its display.
#include "maintenance.h"

namespace toll {

void enterNightMode(LinkTable &links, LaneId staffedLane, const std::string &banner) {
  links.broadcast("NIGHT MODE AT 22:00");
  links.closeAll();
  if (std::shared_ptr<LaneLink> staffed = links.find(staffedLane))
    staffed->send("DISPLAY " + banner); // BUG: use-after-close
}

void closeUnstaffedLanes(LinkTable &links, const std::set<LaneId> &staffed) {
  for (LaneId lane : links.lanes()) {
    if (staffed.count(lane) != 0)
      continue;
    if (std::shared_ptr<LaneLink> link = links.find(lane))
      link->close();
  }
  for (LaneId lane : staffed) {
    std::shared_ptr<LaneLink> link = links.find(lane);
    if (!link || !link->isOpen())
      continue; // lost earlier, the supervisor reconnects it
    link->send("DISPLAY STAFFED LANE"); // OK: the close loop skipped the staffed lanes
  }
  links.broadcast("NIGHT MODE"); // OK: broadcast() skips the lanes closed above
}

} // namespace toll
