#include "buildfarm/log_tailer.h"

#include <sys/stat.h>
#include <utility>

namespace buildfarm {

LogTailer::LogTailer(std::string path) : path_(std::move(path)) {}

LogTailer::~LogTailer() {
  close(); // OK: does nothing once the file is closed
}

bool LogTailer::open() {
  if (open_)
    return true;
  fp_ = std::fopen(path_.c_str(), "r");
  if (!fp_)
    return false;
  open_ = true;
  lastOffset_ = 0;
  partial_.clear();
  return true;
}

std::size_t LogTailer::readLines(std::vector<std::string> &out) {
  std::size_t added = 0;
  char buf[4096];
  std::clearerr(fp_); // SAME: tail_reopen
  while (std::fgets(buf, sizeof buf, fp_)) {
    partial_ += buf;
    if (partial_.empty() || partial_.back() != '\n')
      continue; // the writer is in the middle of a line
    partial_.pop_back();
    out.push_back(std::move(partial_));
    partial_.clear();
    ++added;
  }
  lastOffset_ = std::ftell(fp_);
  return added;
}

bool LogTailer::truncated() const {
  struct stat st;
  if (::stat(path_.c_str(), &st) != 0)
    return false;
  return st.st_size < lastOffset_;
}

bool LogTailer::reopen() {
  if (open_)
    std::fclose(fp_); // OK: only while the file is still open
  std::FILE *fresh = std::fopen(path_.c_str(), "r");
  if (!fresh) {
    open_ = false;
    return false;
  }
  fp_ = fresh;
  open_ = true;
  lastOffset_ = 0;
  partial_.clear();
  return true;
}

long LogTailer::offset() const {
  return std::ftell(fp_); // SAME: tail_offset
}

void LogTailer::close() {
  if (!open_)
    return;
  std::fclose(fp_);
  open_ = false;
}

} // namespace buildfarm
