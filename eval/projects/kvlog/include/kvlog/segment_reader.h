// Reads frames back from one WAL segment during recovery. next() returns false
// at the end of the segment or at a torn tail. next() and offset() throw
// std::logic_error once the reader is closed; close() is idempotent.
#pragma once
#include "kvlog/file_closer.h"

#include <cstdint>
#include <string>

namespace kvlog {

class SegmentReader {
public:
  explicit SegmentReader(std::string path);

  bool isOpen() const { return fp_ != nullptr; }
  bool next(std::string &payload, std::uint32_t &crc);
  long offset() const;
  bool torn() const { return torn_; }
  void close();
  const std::string &path() const { return path_; }

private:
  std::string path_;
  FilePtr fp_;
  bool torn_ = false;
};

} // namespace kvlog
