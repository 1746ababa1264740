// Interval readings on disk: one append-only day file per UTC day plus its
// offset index. Used from the ingest pipeline's thread only. A write error
// closes the day file (sync() then reports fatal) until the next rotate().
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "audit_log.h"
#include "day_file.h"
#include "offset_index.h"
#include "reading.h"
#include "record_writer.h"
#include "status.h"

class ReadingsStore {
public:
  ReadingsStore(std::string dataDir, AuditLog &audit);

  Status open(const std::string &dayKey);
  void append(const Reading &r);
  Status sync();
  Status rotate(const std::string &dayKey);

  bool writable() const { return day_ && day_->isOpen(); }
  const std::string &currentDay() const { return currentDay_; }
  std::string dayPath(const std::string &dayKey) const;
  std::vector<std::string> takeClosedDays();

private:
  std::string dataDir_;
  AuditLog &audit_;
  RecordWriter writer_;
  std::unique_ptr<DayFile> day_;
  OffsetIndex index_;
  std::string currentDay_;
  std::set<std::string> indexed_;
  std::vector<std::string> closedDays_;
};
