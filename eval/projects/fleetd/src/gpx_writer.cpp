// GPX 1.1 serialisation of a truck's track for dispatcher exports.
#include "gpx_writer.h"

#include <iomanip>

namespace fleetd {

void writeGpxHeader(std::ostream &out, const std::string &vin) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<gpx version=\"1.1\" creator=\"fleetd\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
      << "  <trk>\n    <name>" << vin << "</name>\n    <trkseg>\n";
}

void writeTrackPoint(std::ostream &out, const PositionReport &p) {
  out << "      <trkpt lat=\"" << std::fixed << std::setprecision(6) << p.where.lat << "\" lon=\""
      << p.where.lon << "\"><time>" << formatTimestamp(p.timestampMs) << "</time><speed>"
      << std::setprecision(2) << p.speedKph / 3.6 << "</speed></trkpt>\n";
}

void writeGpxFooter(std::ostream &out) {
  out << "    </trkseg>\n  </trk>\n</gpx>\n"; // SAME: gpx-footer
}

} // namespace fleetd
