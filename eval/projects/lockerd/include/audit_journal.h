// Audit journal of door events: one text segment per day plus its offset
// index. append()/note()/flush()/rotate() throw std::runtime_error when the
// journal is not open; close() throws std::logic_error when called twice.
// When rotate() fails the journal is left closed.
#pragma once
#include "door_event.h"
#include "journal_index.h"
#include "status.h"

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <ostream>
#include <string>

class DiagLog;

class AuditJournal {
public:
  AuditJournal(std::string directory, DiagLog &diag);
  ~AuditJournal();
  AuditJournal(const AuditJournal &) = delete;
  AuditJournal &operator=(const AuditJournal &) = delete;

  Status open(const std::string &day);
  Status append(const DoorEvent &event);
  Status note(const std::string &text);
  void flush();
  Status rotate(const std::string &day);
  void close();
  // Copies the segment of the given day to out.
  Status exportDay(const std::string &day, std::ostream &out) const;

  bool isOpen() const;
  std::string currentDay() const;
  std::uint64_t records() const;

private:
  enum class State { Unopened, Open, Closed };

  Status writeLineLocked(const std::string &line);
  Status openSegmentLocked(const std::string &day);
  void ensureOpenLocked(const char *op) const;

  const std::string directory_;
  DiagLog &diag_;
  mutable std::mutex mutex_;
  State state_ = State::Unopened;
  FILE *segment_ = nullptr;
  JournalIndex index_;
  std::string day_;
  std::uint64_t seq_ = 0;
};
