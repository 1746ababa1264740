// Read-only view of one sstable file. Owns its descriptor through FdHandle and
// is movable (a moved-from reader is closed). get() and scan() throw
// std::logic_error once the reader is closed; close() is idempotent.
#pragma once
#include "kvlog/fd_handle.h"
#include "kvlog/memtable.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>

namespace kvlog {

class SSTableReader {
public:
  explicit SSTableReader(std::string path);
  SSTableReader(SSTableReader &&) noexcept = default;
  SSTableReader &operator=(SSTableReader &&) noexcept = default;

  bool isOpen() const { return fd_.valid(); }
  std::optional<ValueEntry> get(const std::string &key) const;
  bool scan(const std::function<void(const std::string &, const ValueEntry &)> &fn) const;
  int rawFd() const { return fd_.get(); }
  off_t dataEnd() const { return dataEnd_; }
  std::uint64_t entryCount() const { return count_; }
  void close();
  const std::string &path() const { return path_; }

private:
  bool loadFooter();
  void checkOpen() const;

  std::string path_;
  FdHandle fd_;
  off_t dataEnd_ = 0;
  std::uint64_t count_ = 0;
};

// Parses the entry area of an sstable (everything before the footer).
bool parseSSTableEntries(const std::string &data,
                         const std::function<void(const std::string &, const ValueEntry &)> &fn);

} // namespace kvlog
