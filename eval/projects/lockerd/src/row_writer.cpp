// RowWriter: collects rows and writes them in batches of batch_ to the
// attached FILE*, so a burst of readings costs one write and one flush.
#include "row_writer.h"

RowWriter::RowWriter(std::size_t batch) : batch_(batch == 0 ? 1 : batch) {}

RowWriter::~RowWriter() {
  if (out_ == nullptr || rows_.empty())
    return;
  std::string tail;
  for (const std::string &row : rows_)
    tail += row;
  std::fwrite(tail.data(), 1, tail.size(), out_); // BUG: use-after-close
}

bool RowWriter::add(std::string row) {
  rows_.push_back(std::move(row));
  if (rows_.size() < batch_)
    return true;
  return flush();
}

bool RowWriter::flush() {
  if (out_ == nullptr)
    return false;
  if (rows_.empty())
    return true;
  std::string chunk;
  for (const std::string &row : rows_)
    chunk += row;
  if (std::fwrite(chunk.data(), 1, chunk.size(), out_) != chunk.size())
    return false;
  rows_.clear();
  return std::fflush(out_) == 0;
}
