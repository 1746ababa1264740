// An append-only log over a FILE*. write() after close() is a no-op.
#pragma once
#include <cstdio>
#include <string>

namespace relay {

class LogFile {
public:
  explicit LogFile(const std::string &path);
  ~LogFile();
  LogFile(const LogFile &) = delete;
  LogFile &operator=(const LogFile &) = delete;

  void write(const std::string &line);
  void rotate(const std::string &nextPath);
  void close();
  bool isOpen() const { return file_ != nullptr; }

private:
  std::string path_;
  std::FILE *file_ = nullptr;
};

} // namespace relay
