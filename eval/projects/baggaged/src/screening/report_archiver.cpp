// ReportArchiver: keeps sealed shift reports and counts the lines of
// journal segments handed to it. Both entry points take ownership: archive()
// seals the report, absorbJournal() closes the segment.
#include "report_archiver.h"

ReportArchiver::ReportArchiver() = default;

ReportArchiver::~ReportArchiver() = default;

void ReportArchiver::archive(std::unique_ptr<ShiftReport> report) {
  if (!report) return;
  report->seal(); // SAME: degraded_report_seal
  std::lock_guard<std::mutex> lock(mu_);
  reports_.push_back(std::move(report));
}

Status ReportArchiver::absorbJournal(std::FILE* segment) {
  if (!segment) return Status::Error(StatusCode::Invalid, "no journal segment");
  std::rewind(segment);
  char buf[512];
  std::size_t lines = 0;
  while (std::fgets(buf, sizeof buf, segment)) ++lines;
  std::fclose(segment);
  std::lock_guard<std::mutex> lock(mu_);
  journalLines_ += lines;
  return Status::Ok();
}

std::size_t ReportArchiver::archived() const {
  std::lock_guard<std::mutex> lock(mu_);
  return reports_.size();
}

std::size_t ReportArchiver::journalLines() const {
  std::lock_guard<std::mutex> lock(mu_);
  return journalLines_;
}
