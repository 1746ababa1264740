// CSV helpers (RFC 4180 quoting) and UTC day/timestamp formatting for the
// reconciliation and temperature reports.
#include "csv_format.h"

#include <sstream>

std::string csvEscape(const std::string &field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos)
    return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"')
      out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void writeCsvRow(std::ostream &os, const std::vector<std::string> &fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0)
      line += ',';
    line += csvEscape(fields[i]);
  }
  line += "\r\n";
  os << line;
}

void writeTotals(std::ostream &os, const CarrierTotals &totals) {
  std::ostringstream block;
  block << "# totals\r\n"
        << "delivered," << totals.delivered << "\r\n"
        << "collected," << totals.collected << "\r\n"
        << "returned," << totals.returned << "\r\n"
        << "overdue," << totals.overdue << "\r\n";
  os << block.str(); // SAME: recon_totals
}

std::string formatDay(std::time_t t) {
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
  return buf;
}

std::string formatTimestamp(std::time_t t) {
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}
