// CsvExport: writes a CSV report to a stdio stream it takes over.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "status.h"

class CsvExport {
 public:
  // Takes ownership of `out`: finish() (or the destructor) closes it.
  explicit CsvExport(std::FILE* out);
  ~CsvExport();

  CsvExport(const CsvExport&) = delete;
  CsvExport& operator=(const CsvExport&) = delete;

  void header(const std::vector<std::string>& columns);
  void row(const std::vector<std::string>& cells);  // throws std::runtime_error("csv export finished")
  // Writes the trailer and closes the stream. Throws std::logic_error on a second call.
  Status finish();
  bool finished() const;
  std::size_t rows() const;

 private:
  void write_cells(const std::vector<std::string>& cells);

  std::FILE* out_;
  std::size_t rows_;
};
