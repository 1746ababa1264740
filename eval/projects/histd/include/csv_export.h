// CSV export files. Large exports are split into numbered parts.
#pragma once
#include "sample.h"
#include <cstddef>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

namespace histd {

std::string csvEscape(const std::string &field);
void writeCsvHeader(std::ostream &out);
void writeCsvRow(std::ostream &out, const Sample &s, const std::string &tagName);

class CsvExportFile {
public:
  CsvExportFile(std::string basePath, std::vector<std::string> columns,
                std::size_t maxRowsPerPart);
  CsvExportFile(CsvExportFile &&) = default;
  CsvExportFile &operator=(CsvExportFile &&) = default;

  /// Throws std::logic_error once finish() has been called.
  void writeRecord(const std::vector<std::string> &fields);
  void writeComment(const std::string &text);
  /// Closes the current part. Further calls do nothing.
  void finish();

  bool finished() const { return finished_; }
  std::size_t parts() const { return part_; }
  std::size_t rows() const { return rows_; }

private:
  void openPart();
  void requireOpen() const;

  std::string base_;
  std::vector<std::string> columns_;
  std::size_t maxRows_;
  std::size_t rowsInPart_ = 0;
  std::size_t rows_ = 0;
  std::size_t part_ = 0;
  bool finished_ = false;
  std::ofstream out_;
};

} // namespace histd
