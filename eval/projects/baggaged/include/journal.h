// JournalWriter: the daemon's event journal, a series of numbered segment
// files written through stdio and rotated by size. One JournalWriter is
// shared by almost every component. write() throws once the journal is
// closed; tryWrite() reports false instead.
#pragma once
#include "status.h"
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

class JournalWriter {
 public:
  JournalWriter(std::string dir, std::string base, std::size_t maxBytes);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  Status open();
  void write(const std::string& line);     // throws std::runtime_error when closed
  bool tryWrite(const std::string& line);  // false when closed
  Status rotate();
  // Hands the current segment to the caller (who must fclose it) and
  // continues in a fresh segment. nullptr when the journal is closed.
  std::FILE* detach();
  void flush();
  void close();                            // idempotent
  bool isOpen() const;

 private:
  bool openSegmentLocked();
  Status rotateLocked();
  void writeLocked(const std::string& line);
  std::string dir_;
  std::string base_;
  std::size_t maxBytes_;
  mutable std::mutex mu_;
  std::FILE* fp_ = nullptr;
  std::size_t written_ = 0;
  int segment_ = 0;
};
