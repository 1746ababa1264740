// Night mode and lane maintenance windows (lane_maintenance.cpp).
#pragma once
#include "link_table.h"

#include <set>
#include <string>

namespace toll {

// At night only the staffed lane stays open.
void enterNightMode(LinkTable &links, LaneId staffedLane, const std::string &banner);
void closeUnstaffedLanes(LinkTable &links, const std::set<LaneId> &staffed);

} // namespace toll
