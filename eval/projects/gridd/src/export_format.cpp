// CSV and XML row formats of the billing exports.
#include "export_format.h"

#include <iomanip>

#include "clock.h"

void writeCsvHeader(std::ostream &os) {
  os << "meter_id,interval_start,interval_seconds,import_kwh,export_kwh,quality\n";
}

void writeCsvRow(std::ostream &os, const Reading &r) {
  os << r.meterId << ',' << r.intervalStart << ',' << r.intervalSeconds << ','
     << std::fixed << std::setprecision(3) << r.importKwh << ',' << r.exportKwh << ','
     << r.quality << '\n';
}

void writeCsvFooter(std::ostream &os, std::size_t rows) { os << "# rows=" << rows << '\n'; }

void writeXmlOpen(std::ostream &os, const BillingPeriod &period) {
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<export period=\"" << period.id << "\" from=\"" << dayKeyFor(period.from)
     << "\" to=\"" << dayKeyFor(period.to) << "\">\n  <readings>\n";
}

void writeXmlRow(std::ostream &os, const Reading &r) {
  os << "    <r m=\"" << r.meterId << "\" t=\"" << r.intervalStart << "\" s=\""
     << r.intervalSeconds << "\" i=\"" << std::fixed << std::setprecision(3) << r.importKwh
     << "\" e=\"" << r.exportKwh << "\" q=\"" << r.quality << "\"/>\n";
}

void writeXmlClose(std::ostream &os, std::size_t rows) {
  os << "  </readings>\n  <count>" << rows << "</count>\n</export>\n"; // SAME: xml_trailer
}
