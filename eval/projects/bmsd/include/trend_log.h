// The trend log: every point sample appended to an hourly segment file
// (<dir>/trend-<hourKey>.csv), rotated when the hour changes and indexed per
// day by TrendIndex. A TrendFlusher thread calls flush() periodically.
#pragma once
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "status.h"
#include "trend_index.h"

namespace bmsd {

class Diagnostics;

struct TrendSample {
  std::string point;
  double value = 0.0;
  std::chrono::system_clock::time_point at;
};

// Owns a FILE*; fclose()s it in close() and in the destructor.
class StdioFile {
public:
  StdioFile() = default;
  StdioFile(const std::string &path, const char *mode);
  ~StdioFile();
  StdioFile(StdioFile &&other) noexcept;
  StdioFile &operator=(StdioFile &&other) noexcept;
  StdioFile(const StdioFile &) = delete;
  StdioFile &operator=(const StdioFile &) = delete;

  FILE *get() const { return fp_; }
  bool isOpen() const { return fp_ != nullptr; }
  int close();

private:
  FILE *fp_ = nullptr;
};

// Collects formatted records and writes them with one fwrite() per flush.
// Whatever is still pending when the buffer is destroyed is written then.
class RecordBuffer {
public:
  explicit RecordBuffer(std::size_t limit) : limit_(limit) {}
  ~RecordBuffer();
  RecordBuffer(const RecordBuffer &) = delete;
  RecordBuffer &operator=(const RecordBuffer &) = delete;

  void attach(FILE *fp) { fp_ = fp; }
  void append(const std::string &line);
  std::size_t flush();
  std::uint64_t written() const { return written_; }

private:
  FILE *fp_ = nullptr;
  std::string pending_;
  std::size_t limit_;
  std::uint64_t written_ = 0;
};

// One hour of samples.
class TrendSegment {
public:
  TrendSegment(std::string path, long hourKey);

  void append(const TrendSample &sample);
  void flush();
  long hourKey() const { return hourKey_; }
  const std::string &path() const { return path_; }
  std::uint64_t records() const { return records_; }
  std::uint64_t bytes() const { return buffer_.written(); }
  bool ok() const { return file_.isOpen(); }

private:
  std::string path_;
  long hourKey_;
  RecordBuffer buffer_;
  StdioFile file_;
  std::uint64_t records_ = 0;
};

// Appends "#sealed" with the record count to a finished segment.
Status sealSegmentFile(const std::string &path, std::uint64_t records);

// Concatenates segment files (in order) into dest. A missing segment is
// reported in the result but does not stop the export.
Status exportSegments(const std::vector<std::string> &segments, const std::string &dest);

class TrendLog {
public:
  TrendLog(std::string dir, Diagnostics &diag);
  ~TrendLog();
  TrendLog(const TrendLog &) = delete;
  TrendLog &operator=(const TrendLog &) = delete;

  Status open(std::chrono::system_clock::time_point now);
  void append(const TrendSample &sample);
  void flush();
  void close();
  bool isOpen() const;
  // Writes the 24 hourly segments of a finished day into one file.
  Status exportDay(long day, const std::string &dest) const;

private:
  void rotateLocked(long key);
  std::string segmentPath(long key) const;
  std::string indexPath(long day) const;

  const std::string dir_;
  Diagnostics &diag_;
  mutable std::mutex mu_;
  TrendIndex index_;
  std::optional<TrendSegment> segment_;
  long currentDay_ = -1;
  bool open_ = false;
};

} // namespace bmsd
