// Settlement file writer: one CSV per operator and service day, closed off with a trailer
// that carries the row count and a digest of what was written.
#include "settlement_writer.h"

#include <cerrno>
#include <cstdio>

namespace farecol {

SettlementWriter::SettlementWriter(std::string path) : path_(std::move(path)) {}

SettlementWriter::~SettlementWriter() {
  if (!finished_ && out_.is_open()) {
    out_.close();
    std::remove(path_.c_str()); // an unfinished settlement file must never be picked up
  }
}

Status SettlementWriter::open() {
  out_.open(path_, std::ios::out | std::ios::trunc);
  if (!out_)
    return Status::ioError(errno, path_);
  writeCsvHeader(out_, {"operator", "card", "product", "cents", "time"});
  return Status::success();
}

void SettlementWriter::writeLine(const SettlementLine &line) {
  const std::string row = formatSettlementRow(line);
  out_ << row; // SAME: lateadj
  ++rows_;
  grossCents_ += line.cents;
}

Status SettlementWriter::finish() {
  if (finished_)
    return Status::success();
  finished_ = true;
  out_.flush();
  out_.close();
  if (out_.fail())
    return Status::ioError(errno, path_);
  const std::string digest = digestOfFile(path_);
  writeTrailer(out_, rows_, digest); // BUG: use-after-close #trailer
  return Status::success();
}

} // namespace farecol
