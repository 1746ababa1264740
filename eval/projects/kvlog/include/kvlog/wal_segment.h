// One append-only WAL segment file, written through stdio.
// append() and sync() throw std::logic_error once the segment is closed.
// close() flushes, fsyncs and closes; it is idempotent (a second call does
// nothing). The destructor closes the segment if it is still open.
#pragma once
#include <cstdio>
#include <memory>
#include <string>

namespace kvlog {

class WalSegment {
public:
  static std::unique_ptr<WalSegment> create(const std::string &path);
  ~WalSegment();
  WalSegment(const WalSegment &) = delete;
  WalSegment &operator=(const WalSegment &) = delete;

  void append(const std::string &frame);
  void sync();
  void close();
  bool isOpen() const { return fp_ != nullptr; }
  long size() const { return bytes_; }
  const std::string &path() const { return path_; }

private:
  WalSegment(std::string path, std::FILE *fp, long bytes);

  std::string path_;
  std::FILE *fp_;
  long bytes_;
};

} // namespace kvlog
