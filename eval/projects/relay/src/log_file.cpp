// LogFile: appends lines to a FILE*. close() forgets the stream, and write()
// skips a closed log. rotate() writes a trailer into the old file, but only
// after closing it.
#include "relay/log_file.h"
#include "relay/util.h"

namespace relay {

LogFile::LogFile(const std::string &path) : path_(path), file_(std::fopen(path.c_str(), "a")) {}

LogFile::~LogFile() { close(); }

void LogFile::write(const std::string &line) {
  if (!file_)
    return;
  std::fprintf(file_, "%s %s\n", timestamp().c_str(), line.c_str()); // OK
}

void LogFile::rotate(const std::string &nextPath) {
  if (!file_)
    return;
  std::fclose(file_);
  std::fprintf(file_, "%s rotated to %s\n", timestamp().c_str(), nextPath.c_str()); // BUG: use-after-close
  path_ = nextPath;
  file_ = std::fopen(path_.c_str(), "a");
}

void LogFile::close() {
  if (!file_)
    return;
  std::fclose(file_);
  file_ = nullptr;
}

} // namespace relay
