// On-disk retry buffer: batches that could not be shipped are appended to the
// current segment and replayed later.
#pragma once
#include <cstddef>
#include <fstream>
#include <functional>
#include <mutex>
#include <string>

namespace logship {

class Spool {
public:
  Spool(std::string dir, std::size_t maxBytes);
  ~Spool();
  Spool(const Spool &) = delete;
  Spool &operator=(const Spool &) = delete;

  bool open();
  /// False when the spool is not open or the write failed.
  bool append(const std::string &record);
  /// Hands each record to `sink` until it returns false; delivered records
  /// are removed from the segment. Returns how many were delivered.
  std::size_t replay(const std::function<bool(const std::string &)> &sink);
  /// Copies the current segment to `dest`.
  bool snapshot(const std::string &dest);
  /// Idempotent.
  void close();

  bool isOpen() const;
  std::size_t pending() const;

private:
  bool rotateLocked();
  void writeIndexLocked();
  std::string segmentPath() const { return dir_ + "/current.spool"; }
  std::string indexPath() const { return dir_ + "/spool.idx"; }

  const std::string dir_;
  const std::size_t maxBytes_;
  mutable std::mutex mu_;
  std::ofstream out_;
  std::size_t bytes_ = 0;
  std::size_t records_ = 0;
  unsigned generation_ = 0;
};

} // namespace logship
