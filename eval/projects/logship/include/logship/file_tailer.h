// Follows one log file: reads complete lines appended since the last read and
// switches to the new file when the old one is rotated away or truncated.
#pragma once
#include <cstdio>
#include <string>
#include <sys/types.h>
#include <vector>

namespace logship {

class FileTailer {
public:
  explicit FileTailer(std::string path);
  ~FileTailer();
  FileTailer(const FileTailer &) = delete;
  FileTailer &operator=(const FileTailer &) = delete;

  /// Opens the file and positions it at `startOffset` (0 if the file is now
  /// shorter than that). Replaces a handle that is already open.
  bool open(long startOffset);
  /// Appends up to `max` complete lines to `out`; 0 when nothing is open.
  std::size_t readLines(std::vector<std::string> &out, std::size_t max);
  /// If the path now names a different (or truncated) file, drains the old
  /// one into the pending buffer and opens the new one from the start.
  bool reopenIfRotated();
  /// Idempotent.
  void close() noexcept;

  bool isOpen() const noexcept { return fp_ != nullptr; }
  long offset() const;
  const std::string &path() const noexcept { return path_; }
  /// First line of the file, used to tell a copytruncate rotation apart from
  /// a plain truncation.
  std::string fingerprint() const;

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
  ino_t inode_ = 0;
  long lastOffset_ = 0;
  std::string partial_;               // incomplete last line
  std::vector<std::string> pending_;  // drained from a rotated file
  std::string headPrint_;
};

} // namespace logship
