// Offset index of a journal segment: fixed-size slots (sequence, byte
// offset) written with pwrite() into a side file and fsync()ed in batches.
#pragma once
#include "status.h"

#include <cstdint>
#include <string>
#include <vector>

class DiagLog;

class JournalIndex {
public:
  explicit JournalIndex(DiagLog &diag, unsigned syncEvery = 64);
  ~JournalIndex();
  JournalIndex(const JournalIndex &) = delete;
  JournalIndex &operator=(const JournalIndex &) = delete;

  Status open(const std::string &path);
  // After a write error the index disables itself and returns an error.
  Status record(std::uint64_t sequence, std::uint64_t offset);
  Status sync();
  // Throws std::logic_error when the index is not open.
  void close();
  bool isOpen() const { return fd_ >= 0; }

  // Writes a complete index for the given offsets and renames it into place.
  static Status rebuild(const std::string &path, const std::vector<std::uint64_t> &offsets);

private:
  DiagLog &diag_;
  std::string path_;
  int fd_ = -1;
  const unsigned syncEvery_;
  unsigned unsynced_ = 0;
};
