// Journal of every tap the daemon accepted, one segment file per service day, with the
// offsets of the records kept in a JournalIndex. append() may be called from any thread.
#pragma once
#include "status.h"
#include "tap_event.h"

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace farecol {

class Diagnostics;
class JournalIndex;

class TapJournal {
public:
  TapJournal(std::string directory, JournalIndex &index, Diagnostics &diag);
  ~TapJournal();
  TapJournal(const TapJournal &) = delete;
  TapJournal &operator=(const TapJournal &) = delete;

  Status open(const ServiceDay &day);
  Status append(const TapEvent &ev);
  Status rotate(const ServiceDay &next);
  Status flush();
  void close();
  bool isOpen() const;
  ServiceDay day() const;

private:
  std::string pathFor(const ServiceDay &day) const;

  const std::string directory_;
  JournalIndex &index_;
  Diagnostics &diag_;
  mutable std::mutex mutex_;
  std::FILE *segment_ = nullptr;
  ServiceDay day_;
  std::uint64_t records_ = 0;
  std::uint64_t seq_ = 0;
};

} // namespace farecol
