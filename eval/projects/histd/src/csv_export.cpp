// CSV helpers and CsvExportFile, which starts a new numbered part whenever
// the current one reaches its row limit.
#include "csv_export.h"

#include <cstdio>
#include <stdexcept>

namespace histd {

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

void writeCsvHeader(std::ostream &out) { out << "timestamp,tag,value,quality\n"; }

void writeCsvRow(std::ostream &out, const Sample &s, const std::string &tagName) {
  char value[32];
  std::snprintf(value, sizeof value, "%.9g", s.value);
  out << isoTime(s.tsMicros) << ',' << csvEscape(tagName) << ',' << value << ','
      << unsigned(s.quality) << '\n';
}

CsvExportFile::CsvExportFile(std::string basePath, std::vector<std::string> columns,
                             std::size_t maxRowsPerPart)
    : base_(std::move(basePath)), columns_(std::move(columns)),
      maxRows_(maxRowsPerPart ? maxRowsPerPart : 1) {
  openPart();
}

void CsvExportFile::openPart() {
  ++part_;
  const std::string path = base_ + (part_ == 1 ? "" : "." + std::to_string(part_)) + ".csv";
  out_.open(path, std::ios::out | std::ios::trunc);
  if (!out_)
    throw std::runtime_error("cannot create " + path);
  for (std::size_t i = 0; i < columns_.size(); ++i)
    out_ << (i ? "," : "") << csvEscape(columns_[i]);
  out_ << '\n';
  rowsInPart_ = 0;
}

void CsvExportFile::requireOpen() const {
  if (finished_)
    throw std::logic_error("export " + base_ + " already finished");
}

void CsvExportFile::writeRecord(const std::vector<std::string> &fields) {
  requireOpen();
  if (rowsInPart_ == maxRows_) {
    out_.close();
    openPart();
  }
  for (std::size_t i = 0; i < fields.size(); ++i)
    out_ << (i ? "," : "") << csvEscape(fields[i]); // OK
  out_ << '\n';
  ++rowsInPart_;
  ++rows_;
}

void CsvExportFile::writeComment(const std::string &text) {
  requireOpen();
  out_ << "# " << text << '\n';
}

void CsvExportFile::finish() {
  if (finished_)
    return;
  finished_ = true;
  out_.close();
}

} // namespace histd
