// Encodes readings into DiskRecords and writes them in blocks into a stream
// it does not own (the current day file). Whatever is still buffered when the
// writer is destroyed is written out by the destructor.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "record_format.h"

class RecordWriter {
public:
  explicit RecordWriter(std::size_t blockRecords = 256);
  ~RecordWriter();
  RecordWriter(const RecordWriter &) = delete;
  RecordWriter &operator=(const RecordWriter &) = delete;

  void attach(std::FILE *out);
  void detach();
  void put(const Reading &r);
  bool flushPending();

  std::size_t pendingRecords() const { return pending_.size(); }
  long pendingBytes() const { return static_cast<long>(pending_.size() * sizeof(DiskRecord)); }
  std::uint64_t dropped() const { return dropped_; }

private:
  std::size_t blockRecords_;
  std::FILE *out_ = nullptr;
  std::vector<DiskRecord> pending_;
  std::uint64_t dropped_ = 0;
};
