// Transaction journal: CSV segments (FILE*) rotated by size, plus a binary
// index (raw descriptor) recording where each segment ends. Export and
// replay helpers live in journal_export.cpp and journal_replay.cpp.
#pragma once
#include "result.h"
#include "types.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace toll {

class JournalIndex {
public:
  JournalIndex() = default;
  ~JournalIndex();
  JournalIndex(const JournalIndex &) = delete;
  JournalIndex &operator=(const JournalIndex &) = delete;

  Result open(const std::string &path);
  Result recordSegmentEnd(int segment, std::uint64_t bytes);
  Result sync();
  Result close();

private:
  static constexpr std::size_t kEntrySize = 16;
  std::string path_;
  int fd_ = -1;
};

class Journal {
public:
  Journal(std::string dir, std::size_t segmentLimit);
  ~Journal();
  Journal(const Journal &) = delete;
  Journal &operator=(const Journal &) = delete;

  Result open();
  Result append(const Transaction &tx);
  Result sync();
  Result close();
  int segment() const { return segNo_; }

private:
  Result rotate();
  std::string segmentPath(int n) const;

  std::string dir_;
  std::size_t limit_;
  std::size_t bytes_ = 0;
  int segNo_ = 0;
  bool failed_ = false;
  std::FILE *seg_ = nullptr;
  JournalIndex index_;
};

Result exportTransactions(const std::vector<Transaction> &txs, const std::string &path);
Result exportPlates(const std::vector<PlateRead> &reads, const std::string &path);
std::size_t replaySegment(const std::string &path, std::vector<Transaction> &out);
std::size_t countJournalLines(const std::vector<std::string> &segments);

} // namespace toll
