// CsvExport: owns the stream it is given. finish() writes the trailer, closes
// the stream and clears out_, so the destructor only closes a stream that was
// never finished (an export abandoned by an exception).
#include "csv_export.h"

#include <stdexcept>

CsvExport::CsvExport(std::FILE* out) : out_(out), rows_(0) {}

CsvExport::~CsvExport() {
  if (out_ != nullptr) std::fclose(out_);  // OK: finish() clears out_, so each stream is closed once
}

void CsvExport::write_cells(const std::vector<std::string>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) std::fputc(',', out_);
    const std::string& cell = cells[i];
    if (cell.find_first_of(",\"\n") == std::string::npos) {
      std::fputs(cell.c_str(), out_);
      continue;
    }
    std::fputc('"', out_);
    for (char c : cell) {
      if (c == '"') std::fputc('"', out_);
      std::fputc(c, out_);
    }
    std::fputc('"', out_);
  }
  std::fputc('\n', out_);
}

void CsvExport::header(const std::vector<std::string>& columns) {
  if (out_ == nullptr) throw std::runtime_error("csv export finished");
  write_cells(columns);
}

void CsvExport::row(const std::vector<std::string>& cells) {
  if (out_ == nullptr) throw std::runtime_error("csv export finished");
  write_cells(cells);
  ++rows_;
}

Status CsvExport::finish() {
  if (out_ == nullptr) throw std::logic_error("csv export already finished");
  std::fprintf(out_, "# rows=%zu\n", rows_);
  const bool flushed = std::fflush(out_) == 0;
  const int rc = std::fclose(out_);
  out_ = nullptr;
  if (!flushed || rc != 0) return Status::Error(Errc::Io, "csv export: write failed");
  return Status::Ok();
}

bool CsvExport::finished() const { return out_ == nullptr; }

std::size_t CsvExport::rows() const { return rows_; }
