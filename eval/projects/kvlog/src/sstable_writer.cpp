// SSTableWriter: writes one sorted table through a raw descriptor.
#include "kvlog/sstable_writer.h"
#include "kvlog/fd_util.h"
#include "kvlog/log.h"
#include "kvlog/wal_record.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace kvlog {

SSTableWriter::SSTableWriter(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0)
    logError("sstable: cannot create %s: %s", path_.c_str(), std::strerror(errno));
}

SSTableWriter::~SSTableWriter() {
  if (fd_ >= 0 && !finished_) {
    ::close(fd_); // SAME: flush_abort
    ::unlink(path_.c_str());
  }
}

bool SSTableWriter::add(const std::string &key, const ValueEntry &entry) {
  if (finished_ || aborted_)
    throw std::logic_error("sstable writer closed: " + path_);
  std::string block;
  block.reserve(9 + key.size() + entry.value.size());
  block.push_back(entry.tombstone ? 1 : 0);
  WalCodec::putU32(block, static_cast<std::uint32_t>(key.size()));
  WalCodec::putU32(block, static_cast<std::uint32_t>(entry.value.size()));
  block += key;
  block += entry.value;
  if (!writeAll(fd_, block))
    return false;
  offset_ += static_cast<off_t>(block.size());
  ++count_;
  return true;
}

bool SSTableWriter::finish() {
  if (finished_ || aborted_)
    throw std::logic_error("sstable writer closed: " + path_);
  std::string footer;
  WalCodec::putU64(footer, count_);
  WalCodec::putU64(footer, static_cast<std::uint64_t>(offset_));
  WalCodec::putU32(footer, kSSTableMagic);
  const bool durable = writeAll(fd_, footer) && ::fsync(fd_) == 0;
  ::close(fd_);
  finished_ = true;
  if (!durable) {
    logError("sstable: cannot finish %s: %s", path_.c_str(), std::strerror(errno));
    ::unlink(path_.c_str());
  }
  return durable;
}

void SSTableWriter::abort() {
  if (finished_ || aborted_)
    return;
  ::close(fd_);
  ::unlink(path_.c_str());
  aborted_ = true;
}

} // namespace kvlog
