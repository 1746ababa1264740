// RecordWriter: block-buffered record output into the current day file.
#include "record_writer.h"

RecordWriter::RecordWriter(std::size_t blockRecords)
    : blockRecords_(blockRecords ? blockRecords : 1) {
  pending_.reserve(blockRecords_);
}

RecordWriter::~RecordWriter() {
  if (out_ && !pending_.empty())
    std::fwrite(pending_.data(), sizeof(DiskRecord), pending_.size(), out_); // BUG: use-after-close
}

void RecordWriter::attach(std::FILE *out) { out_ = out; }

void RecordWriter::detach() { out_ = nullptr; }

void RecordWriter::put(const Reading &r) {
  pending_.push_back(toDisk(r));
  if (pending_.size() >= blockRecords_)
    flushPending();
}

bool RecordWriter::flushPending() {
  if (pending_.empty())
    return true;
  if (!out_)
    return false;
  const std::size_t n = std::fwrite(pending_.data(), sizeof(DiskRecord), pending_.size(), out_);
  const bool complete = n == pending_.size();
  if (!complete)
    dropped_ += pending_.size() - n;
  pending_.clear();
  return complete;
}
