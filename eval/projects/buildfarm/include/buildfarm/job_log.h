// The job's combined output log.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>

namespace buildfarm {

// <workspace>/job.log: the runner's line sink appends to it and the log
// streamer tails it. The constructor creates the file and throws
// std::runtime_error when it cannot. append() after close() throws
// std::logic_error. close() flushes and closes the file and must be called
// exactly once: a second close() throws std::logic_error("job log already
// closed"). The destructor closes the file if close() was never called.
class JobLog {
public:
  explicit JobLog(std::string path);
  ~JobLog();
  JobLog(const JobLog &) = delete;
  JobLog &operator=(const JobLog &) = delete;

  void append(const std::string &line);
  void close();
  const std::string &path() const { return path_; }
  std::size_t lines() const { return lines_; }

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
  bool closed_ = false;
  std::size_t lines_ = 0;
};

} // namespace buildfarm
