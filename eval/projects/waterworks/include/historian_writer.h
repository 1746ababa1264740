// HistorianWriter: appends samples to the current historian CSV file and
// rotates it into an archive file when it grows past max_bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "file_handle.h"
#include "status.h"

namespace ww {

struct Sample {
  std::int64_t ts_ms = 0;
  std::string tag;
  double value = 0.0;
};

class HistorianWriter {
 public:
  HistorianWriter(std::string dir, std::string stem, std::size_t max_bytes);
  ~HistorianWriter();

  Status open();
  // Throws std::runtime_error("historian file closed") once closed.
  Status append(const Sample& sample);
  Status flush();
  Status rotate();
  // Idempotent.
  void close();
  bool is_open() const;
  std::size_t bytes_written() const;
  std::size_t rotations() const;

 private:
  std::string current_path() const;
  std::string archive_path() const;

  std::string dir_;
  std::string stem_;
  std::size_t max_bytes_;
  FileHandle file_;
  std::size_t bytes_ = 0;
  std::size_t rotations_ = 0;
};

}  // namespace ww
