// SSTableReader: point lookups and scans over one sstable (see sstable_reader.h).
#include "kvlog/sstable_reader.h"
#include "kvlog/fd_util.h"
#include "kvlog/log.h"
#include "kvlog/sstable_writer.h"
#include "kvlog/wal_record.h"

#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace kvlog {

SSTableReader::SSTableReader(std::string path)
    : path_(std::move(path)), fd_(::open(path_.c_str(), O_RDONLY | O_CLOEXEC)) {
  if (!fd_.valid())
    return;
  if (!loadFooter()) {
    logWarn("sstable: %s has no valid footer", path_.c_str());
    fd_.close();
  }
}

bool SSTableReader::loadFooter() {
  struct stat st {};
  if (::fstat(fd_.get(), &st) != 0 || st.st_size < kSSTableFooterSize)
    return false;
  char footer[kSSTableFooterSize];
  if (!preadExact(fd_.get(), footer, sizeof footer, st.st_size - kSSTableFooterSize))
    return false;
  count_ = WalCodec::getU64(footer);
  dataEnd_ = static_cast<off_t>(WalCodec::getU64(footer + 8));
  return WalCodec::getU32(footer + 16) == kSSTableMagic &&
         dataEnd_ == st.st_size - kSSTableFooterSize;
}

void SSTableReader::checkOpen() const {
  if (!fd_.valid())
    throw std::logic_error("sstable reader closed: " + path_);
}

std::optional<ValueEntry> SSTableReader::get(const std::string &key) const {
  checkOpen();
  off_t pos = 0;
  char header[9];
  std::string entryKey;
  while (pos < dataEnd_) {
    if (!preadExact(fd_.get(), header, sizeof header, pos))
      throw std::runtime_error("sstable: short read in " + path_);
    const std::uint32_t klen = WalCodec::getU32(header + 1);
    const std::uint32_t vlen = WalCodec::getU32(header + 5);
    entryKey.resize(klen);
    if (klen > 0 && !preadExact(fd_.get(), &entryKey[0], klen, pos + 9))
      throw std::runtime_error("sstable: short read in " + path_);
    if (entryKey == key) {
      ValueEntry entry;
      entry.tombstone = header[0] != 0;
      entry.value.resize(vlen);
      if (vlen > 0 && !preadExact(fd_.get(), &entry.value[0], vlen, pos + 9 + klen))
        throw std::runtime_error("sstable: short read in " + path_);
      return entry;
    }
    if (entryKey > key)
      break;
    pos += 9 + static_cast<off_t>(klen) + static_cast<off_t>(vlen);
  }
  return std::nullopt;
}

bool SSTableReader::scan(
    const std::function<void(const std::string &, const ValueEntry &)> &fn) const {
  checkOpen();
  std::string data(static_cast<std::size_t>(dataEnd_), '\0');
  if (dataEnd_ > 0 && !preadExact(fd_.get(), &data[0], data.size(), 0))
    return false;
  return parseSSTableEntries(data, fn);
}

void SSTableReader::close() { fd_.close(); }

bool parseSSTableEntries(const std::string &data,
                         const std::function<void(const std::string &, const ValueEntry &)> &fn) {
  std::size_t pos = 0;
  while (pos < data.size()) {
    if (data.size() - pos < 9)
      return false;
    const bool tombstone = data[pos] != 0;
    const std::uint32_t klen = WalCodec::getU32(data.data() + pos + 1);
    const std::uint32_t vlen = WalCodec::getU32(data.data() + pos + 5);
    pos += 9;
    if (data.size() - pos < static_cast<std::size_t>(klen) + vlen)
      return false;
    ValueEntry entry;
    entry.tombstone = tombstone;
    entry.value = data.substr(pos + klen, vlen);
    fn(data.substr(pos, klen), entry);
    pos += static_cast<std::size_t>(klen) + vlen;
  }
  return true;
}

} // namespace kvlog
