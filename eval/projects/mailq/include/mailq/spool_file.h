// SpoolFile: one spool file of serialized messages (one per line) accessed
// through a FILE*.
//
// The constructor opens the file (Mode::Append creates it, Mode::Read needs it
// to exist) and throws std::system_error if fopen() fails. append(),
// appendRaw(), flush() and readAll() throw std::logic_error once the file has
// been closed. close() closes the FILE*; closing a SpoolFile that is already
// closed throws std::logic_error, because it means two owners believe they
// own the file. The destructor closes the file only if it is still open.
// A SpoolFile is not thread-safe: its owner serializes access.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "mailq/message.h"

namespace mailq {

class SpoolFile {
public:
  enum class Mode { Append, Read };

  explicit SpoolFile(std::string path, Mode mode = Mode::Append);
  ~SpoolFile();
  SpoolFile(const SpoolFile &) = delete;
  SpoolFile &operator=(const SpoolFile &) = delete;

  void append(const Message &m);
  void appendRaw(const std::string &line);
  // fflush() and fsync(): the data is on disk when this returns.
  void flush();
  // Every well-formed message of a file opened with Mode::Read.
  std::vector<Message> readAll();
  void close();

  bool isOpen() const { return fp_ != nullptr; }
  explicit operator bool() const { return isOpen(); }
  const std::string &path() const { return path_; }
  std::size_t bytesWritten() const { return bytes_; }

private:
  void requireOpen(const char *what) const;

  std::string path_;
  Mode mode_;
  std::FILE *fp_ = nullptr;
  std::size_t bytes_ = 0;
};

} // namespace mailq
