// GPX 1.1 output for dispatcher exports: one track per export, one segment.
#pragma once
#include <ostream>
#include <string>

#include "telemetry.h"

namespace fleetd {

void writeGpxHeader(std::ostream &out, const std::string &vin);
void writeTrackPoint(std::ostream &out, const PositionReport &p);
void writeGpxFooter(std::ostream &out);

} // namespace fleetd
