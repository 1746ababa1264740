// Append-only index of finished segments, one CSV line per segment (FILE*).
// Thread-safe. append() and compact() after close() throw
// std::logic_error("segment index closed"); close() is idempotent.
// compact() rewrites the index keeping only the lines the predicate accepts.
#pragma once
#include "ingestd/segment_info.h"

#include <cstdio>
#include <functional>
#include <mutex>
#include <string>

namespace ingestd {

class SegmentIndex {
public:
  SegmentIndex() = default;
  ~SegmentIndex();
  SegmentIndex(const SegmentIndex &) = delete;
  SegmentIndex &operator=(const SegmentIndex &) = delete;

  bool open(const std::string &path);
  void append(const SegmentInfo &info);
  void appendInit(const std::string &streamKey, const std::string &path);
  bool compact(const std::function<bool(const std::string &line)> &keep);
  void close();
  bool isOpen() const;

private:
  mutable std::mutex mu_;
  std::string path_;
  std::FILE *fp_ = nullptr;
};

} // namespace ingestd
