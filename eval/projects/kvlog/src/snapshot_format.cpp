// Text snapshot format writers (see snapshot_format.h).
#include "kvlog/snapshot_format.h"
#include "kvlog/wal_record.h"

#include <cstdio>

namespace kvlog {

void writeSnapshotHeader(std::ostream &out, std::uint64_t seq, std::size_t count) {
  out << "KVLOG-SNAPSHOT 1 seq=" << seq << " count=" << count << '\n';
}

std::uint32_t writeSnapshotEntry(std::ostream &out, std::uint32_t crc, const std::string &key,
                                 const ValueEntry &entry) {
  std::string line;
  line.reserve(key.size() + entry.value.size() + 4);
  line += entry.tombstone ? 'D' : 'P';
  line += ' ';
  line += key;
  line += ' ';
  line += entry.value;
  line += '\n';
  out << line;
  return WalCodec::checksumUpdate(crc, line.data(), line.size());
}

void writeSnapshotFooter(std::ostream &out, std::uint32_t crc) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "%08x", crc);
  out << "CRC " << hex << '\n'; // SAME: snap_footer
}

} // namespace kvlog
