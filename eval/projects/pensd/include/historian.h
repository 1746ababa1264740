// Historian: append-only text log of the site (mortality, lice, power, alarms),
// written in numbered segments that rotate at midnight.
#pragma once

#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "file_handle.h"
#include "status.h"

class Historian {
 public:
  Historian(std::string dir, std::string base);
  ~Historian();

  Status open();                          // opens the current segment (again, after close())
  void append(const std::string& line);   // throws std::runtime_error("historian closed")
  Status rotate();                        // starts the next segment; the old one is closed
  void close();                           // idempotent
  bool is_open() const;
  // The current segment for bulk writers. Closed by the next rotate() or close().
  std::FILE* stream() const;
  std::string segment_path() const;
  std::size_t bytes_written() const;

 private:
  std::string path_for(unsigned segment) const;

  mutable std::mutex mu_;
  std::string dir_;
  std::string base_;
  FileHandle current_;
  std::string current_path_;
  unsigned segment_;
  std::size_t bytes_;
};
