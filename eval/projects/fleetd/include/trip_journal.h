// TripJournal: a write-ahead record of trips being started and finished, so
// that open trips can be recovered after a crash. Records are batched by a
// JournalWriter and written into the journal's FILE*; checkpoint() writes a
// snapshot of the open trips to a separate file.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

namespace fleetd {

class Diagnostics;

class JournalFile {
public:
  explicit JournalFile(const std::string &path); // throws if it cannot be opened
  ~JournalFile();
  JournalFile(const JournalFile &) = delete;
  JournalFile &operator=(const JournalFile &) = delete;
  FILE *get() const { return file_; }

private:
  FILE *file_;
};

class JournalWriter {
public:
  JournalWriter() = default;
  ~JournalWriter();
  JournalWriter(const JournalWriter &) = delete;
  JournalWriter &operator=(const JournalWriter &) = delete;

  void attach(FILE *out) { out_ = out; }
  void record(const std::string &line);
  bool flush();

private:
  FILE *out_ = nullptr;
  std::string buf_;
};

class TripJournal {
public:
  TripJournal(const std::string &dir, Diagnostics &diag);
  void tripStarted(const std::string &vin, const std::string &path);
  void tripEnded(const std::string &vin, const std::string &path, long bytes);
  bool flush();
  void checkpoint(const std::vector<std::string> &openTrips);

private:
  Diagnostics &diag_;
  std::string checkpointPath_;
  JournalWriter writer_;
  JournalFile file_;
};

} // namespace fleetd
