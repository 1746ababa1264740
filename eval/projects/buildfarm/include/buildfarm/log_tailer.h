// Follows a job's log file while the build writes it (tail -F).
#pragma once
#include <cstdio>
#include <string>
#include <vector>

namespace buildfarm {

// open() opens the file; readLines() appends the complete lines written
// since the previous call; truncated() tells whether the file shrank below
// what was already read, and reopen() starts over on the current file.
// close() closes the file and is idempotent; the destructor closes it.
// readLines() and offset() need an open file: they must not be called after
// close() or after a reopen() that failed.
class LogTailer {
public:
  explicit LogTailer(std::string path);
  ~LogTailer();
  LogTailer(const LogTailer &) = delete;
  LogTailer &operator=(const LogTailer &) = delete;

  bool open();
  std::size_t readLines(std::vector<std::string> &out);
  bool truncated() const;
  bool reopen();
  long offset() const;
  void close();
  bool isOpen() const { return open_; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
  bool open_ = false;
  long lastOffset_ = 0;
  std::string partial_;
};

} // namespace buildfarm
