// SpoolFile: the on-disk spool of undelivered notifications, over a FILE*
// (spool.cpp). append() throws std::runtime_error when the spool is closed;
// close() throws std::logic_error when it is already closed (it is not
// idempotent); open() may be called again after close(). No markers here.
#pragma once
#include <cstdio>
#include <string>

namespace gateway {

class SpoolFile {
public:
  SpoolFile() = default;
  ~SpoolFile();
  SpoolFile(const SpoolFile &) = delete;
  SpoolFile &operator=(const SpoolFile &) = delete;

  bool open(const std::string &path);
  void append(const std::string &line);
  void close();
  bool is_open() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }

private:
  std::FILE *fp_ = nullptr;
  std::string path_;
};

} // namespace gateway
