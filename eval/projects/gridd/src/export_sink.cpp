// ExportSink: write-to-temporary-then-rename output of one export.
#include "export_sink.h"

#include <cstdio>
#include <stdexcept>

ExportSink::~ExportSink() { abort(); } // OK

bool ExportSink::open(const std::string &finalPath) {
  if (state_ == State::Writing)
    return false;
  finalPath_ = finalPath;
  partPath_ = finalPath + ".part";
  out_.open(partPath_, std::ios::out | std::ios::trunc);
  if (!out_.is_open())
    return false;
  state_ = State::Writing;
  return true;
}

std::ostream &ExportSink::stream() {
  if (state_ != State::Writing)
    throw std::logic_error("export sink " + finalPath_ + " is not open");
  return out_;
}

void ExportSink::finish() {
  if (state_ != State::Writing)
    throw std::logic_error("export sink " + finalPath_ + " already finished");
  out_.flush();
  out_.close();
  state_ = State::Finished;
  if (out_.fail())
    throw std::runtime_error("export " + finalPath_ + ": write failed");
  if (std::rename(partPath_.c_str(), finalPath_.c_str()) != 0)
    throw std::runtime_error("export " + finalPath_ + ": rename failed");
}

void ExportSink::abort() {
  if (state_ != State::Writing)
    return;
  out_.close();
  std::remove(partPath_.c_str());
  state_ = State::Aborted;
}
