// CSV and JSON writers for the facility reports.
#include "report_writers.h"

#include <cerrno>
#include <cstring>

#include "format.h"

namespace bmsd {

std::string csvEscape(const std::string &field) {
  if (field.find_first_of(",\"\n") == std::string::npos)
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

void writeCsvHeader(std::ostream &out, const std::vector<std::string> &columns) {
  writeCsvRow(out, columns);
}

void writeCsvRow(std::ostream &out, const std::vector<std::string> &fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0)
      line += ',';
    line += csvEscape(fields[i]);
  }
  line += '\n';
  out << line;
}

void writeJsonAlarm(std::ostream &out, const Alarm &alarm, bool first) {
  out << (first ? "\n  " : ",\n  ") << alarmToJson(alarm);
}

void writeJsonFooter(std::ostream &out, std::size_t count) {
  out << "\n],\"count\":" << count << "}\n"; // SAME: json-footer
}

Status closeReport(std::ofstream &out, const std::string &path) {
  out.flush();
  const bool written = out.good();
  out.close();
  if (!written || out.fail())
    return Status::error(Status::Code::IoError, "writing " + path + " failed");
  return Status::ok();
}

FilePtr openExportFile(const std::string &path) {
  return FilePtr(std::fopen(path.c_str(), "w"));
}

} // namespace bmsd
