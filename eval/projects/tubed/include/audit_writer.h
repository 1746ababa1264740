// AuditWriter: the append-only audit trail of every carrier and order, over a FILE*,
// rotated by size.
#pragma once

#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "status.h"

namespace tubed {

class AuditWriter {
 public:
  AuditWriter(std::string path, std::size_t max_bytes);
  ~AuditWriter();
  AuditWriter(const AuditWriter&) = delete;
  AuditWriter& operator=(const AuditWriter&) = delete;

  Status open();
  // Throws std::runtime_error("audit trail closed") when closed; rotates when full.
  void write(const std::string& line);
  // Same as write(), but returns false instead of throwing when the trail is closed.
  bool try_write(const std::string& line);
  // Closes the file, renames it to <path>.<generation> and opens a fresh one. On failure
  // the writer stays closed and the error is returned.
  Status rotate();
  void flush();
  void close();  // idempotent
  bool is_open() const;
  std::size_t bytes_written() const;
  const std::string& path() const;
  int generation() const;

 private:
  void append_locked(const std::string& line);
  Status rotate_locked();

  mutable std::mutex mu_;
  std::FILE* fp_ = nullptr;
  std::string path_;
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  int generation_ = 0;
};

}  // namespace tubed
