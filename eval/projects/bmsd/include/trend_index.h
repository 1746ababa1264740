// TrendIndex: a per-day index of the hourly trend segments. A fixed header
// followed by one 24-byte entry per hour, written with pwrite() at the
// hour's slot and made durable with fsync().
#pragma once
#include <cstdint>
#include <string>

#include "status.h"
#include "unique_fd.h"

namespace bmsd {

class Diagnostics;

class TrendIndex {
public:
  explicit TrendIndex(Diagnostics &diag) : diag_(diag) {}

  Status open(const std::string &path);
  Status record(long hourKey, std::uint64_t records, std::uint64_t bytes);
  Status sync();
  // Makes the current index durable and switches to the next day's file.
  Status rollover(const std::string &nextPath);
  void close();
  bool isOpen() const { return fd_.valid(); }
  const std::string &path() const { return path_; }

private:
  Status writeHeaderIfNew();

  Diagnostics &diag_;
  UniqueFd fd_;
  std::string path_;
};

} // namespace bmsd
