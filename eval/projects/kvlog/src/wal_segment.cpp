// WalSegment: one stdio-backed WAL segment (see wal_segment.h).
#include "kvlog/wal_segment.h"
#include "kvlog/log.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <unistd.h>

namespace kvlog {

std::unique_ptr<WalSegment> WalSegment::create(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "ab");
  if (fp == nullptr) {
    logError("wal: cannot open segment %s: %s", path.c_str(), std::strerror(errno));
    return nullptr;
  }
  long bytes = std::ftell(fp);
  return std::unique_ptr<WalSegment>(new WalSegment(path, fp, bytes < 0 ? 0 : bytes));
}

WalSegment::WalSegment(std::string path, std::FILE *fp, long bytes)
    : path_(std::move(path)), fp_(fp), bytes_(bytes) {}

WalSegment::~WalSegment() {
  close(); // OK: close() returns early on a closed segment
}

void WalSegment::append(const std::string &frame) {
  if (fp_ == nullptr)
    throw std::logic_error("wal segment closed: " + path_);
  if (std::fwrite(frame.data(), 1, frame.size(), fp_) != frame.size())
    throw std::runtime_error("wal: short write to " + path_);
  bytes_ += static_cast<long>(frame.size());
}

void WalSegment::sync() {
  if (fp_ == nullptr)
    throw std::logic_error("wal segment closed: " + path_);
  if (std::fflush(fp_) != 0)
    throw std::runtime_error("wal: fflush failed on " + path_);
  if (::fsync(::fileno(fp_)) != 0)
    throw std::runtime_error("wal: fsync failed on " + path_);
}

void WalSegment::close() {
  if (fp_ == nullptr)
    return;
  if (std::fflush(fp_) != 0 || ::fsync(::fileno(fp_)) != 0)
    logWarn("wal: final sync of %s failed: %s", path_.c_str(), std::strerror(errno));
  std::fclose(fp_);
  fp_ = nullptr;
}

} // namespace kvlog
