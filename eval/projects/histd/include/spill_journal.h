// Local journal of sample batches the upstream historian did not accept.
// Files are rotated at a size limit; sealed files are replayed by backfill.
#pragma once
#include "block_writer.h"
#include "sample.h"
#include "stdio_file.h"
#include <cstdint>
#include <string>
#include <vector>

namespace histd {

class SpillJournal {
public:
  explicit SpillJournal(std::string dir, uint64_t rotateBytes = 16ull << 20);

  SpillJournal(const SpillJournal &) = delete;
  SpillJournal &operator=(const SpillJournal &) = delete;

  void append(const SampleBatch &batch);
  void sync();
  /// Starts a new file so the current one can be replayed.
  void rotate();
  std::vector<std::string> sealedFiles() const;
  void removeSealed(const std::string &path);
  void close();
  bool isOpen() const { return static_cast<bool>(file_); }
  const std::string &dir() const { return dir_; }

private:
  std::string pathFor(uint32_t seq) const;

  std::string dir_;
  uint64_t rotateBytes_;
  uint32_t seq_ = 0;
  uint64_t bytesInFile_ = 0;
  BlockWriter writer_;
  StdioFile file_;
};

/// Reads the batches of one sealed spill file.
class SpillReader {
public:
  explicit SpillReader(const std::string &path);
  bool next(SampleBatch &batch);

private:
  StdioFile file_;
  std::string path_;
};

} // namespace histd
