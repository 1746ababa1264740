// CSV formatting of position reports for trip files and dispatcher exports.
#pragma once
#include <ostream>
#include <string>

#include "telemetry.h"

namespace fleetd {

void writeCsvHeader(std::ostream &out);
std::string formatCsvRow(const PositionReport &p);
bool parseCsvRow(const std::string &vin, const std::string &line, PositionReport &out);

} // namespace fleetd
