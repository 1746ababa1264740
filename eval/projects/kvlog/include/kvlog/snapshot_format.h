// Text snapshot format:
//   KVLOG-SNAPSHOT 1 seq=<n> count=<n>
//   <op> <key> <value>          (one line per entry, op is P or D)
//   CRC <hex crc32 of the entry lines>
#pragma once
#include "kvlog/memtable.h"

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

namespace kvlog {

void writeSnapshotHeader(std::ostream &out, std::uint64_t seq, std::size_t count);
std::uint32_t writeSnapshotEntry(std::ostream &out, std::uint32_t crc, const std::string &key,
                                 const ValueEntry &entry);
void writeSnapshotFooter(std::ostream &out, std::uint32_t crc);

} // namespace kvlog
