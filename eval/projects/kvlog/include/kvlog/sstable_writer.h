// Writes one sorted table file through a raw descriptor.
// File: entries [u8 flags][u32 key len][u32 value len][key][value], then a
// 20-byte footer [u64 entry count][u64 data end][u32 magic].
// add() throws std::logic_error once the writer is finished or aborted and
// returns false on a write error. finish() writes the footer, fsyncs and closes
// (on failure it also removes the file). abort() closes the descriptor and
// removes the partial file. Destroying a writer that was never finished closes
// the descriptor and removes the file.
#pragma once
#include "kvlog/memtable.h"

#include <cstdint>
#include <string>
#include <sys/types.h>

namespace kvlog {

constexpr std::uint32_t kSSTableMagic = 0x4b564c54; // "KVLT"
constexpr off_t kSSTableFooterSize = 20;

class SSTableWriter {
public:
  explicit SSTableWriter(std::string path);
  ~SSTableWriter();
  SSTableWriter(const SSTableWriter &) = delete;
  SSTableWriter &operator=(const SSTableWriter &) = delete;

  bool isOpen() const { return fd_ >= 0 && !finished_ && !aborted_; }
  bool add(const std::string &key, const ValueEntry &entry);
  bool finish();
  void abort();
  const std::string &path() const { return path_; }

private:
  std::string path_;
  int fd_ = -1;
  off_t offset_ = 0;
  std::uint64_t count_ = 0;
  bool finished_ = false;
  bool aborted_ = false;
};

} // namespace kvlog
