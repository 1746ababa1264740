// Per-day index of where each meter's first record sits in the day file.
// Entries are appended with write(); the header (entry count, sealed flag)
// is patched in place with pwrite(). seal() writes the final header, fsyncs
// and closes the index; add() on a sealed or unopened index returns false.
#pragma once
#include <cstdint>
#include <string>

#include "fd.h"

class OffsetIndex {
public:
  explicit OffsetIndex(std::string dir);

  bool open(const std::string &dayKey);
  bool add(const std::string &meterId, std::int64_t offset);
  bool sync();
  bool seal();
  bool isOpen() const { return fd_.valid(); }
  std::uint32_t entries() const { return entries_; }

private:
  std::string pathFor(const std::string &dayKey) const;

  std::string dir_;
  std::string day_;
  Fd fd_;
  std::uint32_t entries_ = 0;
};
