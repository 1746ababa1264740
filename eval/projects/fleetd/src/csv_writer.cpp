// CSV rows for position reports: the same columns as the trip files, so
// exports can be produced by filtering trip files line by line.
#include "csv_writer.h"

#include <cinttypes>
#include <cstdio>
#include <sstream>

namespace fleetd {

void writeCsvHeader(std::ostream &out) { out << "ts,lat,lon,speed_kph,heading,seq\n"; }

std::string formatCsvRow(const PositionReport &p) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%" PRId64 ",%.6f,%.6f,%.1f,%.1f,%" PRIu32, p.timestampMs,
                p.where.lat, p.where.lon, p.speedKph, p.headingDeg, p.seq);
  return buf;
}

bool parseCsvRow(const std::string &vin, const std::string &line, PositionReport &out) {
  std::istringstream in(line);
  PositionReport p;
  p.vin = vin;
  char c1, c2, c3, c4, c5;
  long long ts;
  if (!(in >> ts >> c1 >> p.where.lat >> c2 >> p.where.lon >> c3 >> p.speedKph >> c4 >>
        p.headingDeg >> c5 >> p.seq))
    return false;
  if (c1 != ',' || c2 != ',' || c3 != ',' || c4 != ',' || c5 != ',')
    return false;
  p.timestampMs = ts;
  out = std::move(p);
  return true;
}

} // namespace fleetd
