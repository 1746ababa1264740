// ReportArchiver: takes finished reports and detached journal segments.
// Both entry points take ownership of what they are given.
#pragma once
#include "shift_report.h"
#include "status.h"
#include <cstddef>
#include <cstdio>
#include <memory>
#include <mutex>
#include <vector>

class ReportArchiver {
 public:
  ReportArchiver();
  ~ReportArchiver();
  // Takes the report and seals it (the archive only keeps sealed reports).
  void archive(std::unique_ptr<ShiftReport> report);
  // Takes a detached journal segment: counts its lines, then fcloses it.
  Status absorbJournal(std::FILE* segment);
  std::size_t archived() const;
  std::size_t journalLines() const;

 private:
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<ShiftReport>> reports_;
  std::size_t journalLines_ = 0;
};
