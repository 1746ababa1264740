// One segment file on local disk (FILE*).
//
// write() after close() throws std::logic_error("segment writer closed").
// close() flushes, fsyncs and closes the file and returns the description
// of the finished segment; a second close() throws
// std::logic_error("segment already closed"), so that a segment can never be
// reported twice. The destructor closes a file that was never closed
// (without fsync and without a report).
#pragma once
#include "ingestd/segment_info.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

namespace ingestd {

class SegmentWriter {
public:
  // nullptr when the file cannot be created.
  static std::unique_ptr<SegmentWriter> open(const std::string &path, const std::string &streamKey,
                                             std::uint64_t seq);
  ~SegmentWriter();
  SegmentWriter(const SegmentWriter &) = delete;
  SegmentWriter &operator=(const SegmentWriter &) = delete;

  void write(const void *data, std::size_t len);
  SegmentInfo close();
  bool isClosed() const { return fp_ == nullptr; }
  std::uint64_t bytes() const { return bytes_; }
  const std::string &path() const { return path_; }

private:
  SegmentWriter(std::FILE *fp, std::string path, std::string streamKey, std::uint64_t seq);

  std::FILE *fp_;
  std::string path_;
  std::string streamKey_;
  std::uint64_t seq_;
  std::uint64_t bytes_ = 0;
  std::chrono::steady_clock::time_point opened_;
};

} // namespace ingestd
