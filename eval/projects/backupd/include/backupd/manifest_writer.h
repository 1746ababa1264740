// ManifestWriter: writes the manifest of one run (a header, one line per
// uploaded chunk, a trailer) through a std::ofstream.
//
// Semantics:
//   - open(path) (re)opens the stream and writes the header;
//   - addEntry()/writeTrailer() write lines; once finish() closed the stream
//     the ofstream silently drops them (failbit), so every line must be written
//     before finish();
//   - finish() flushes and closes; it is idempotent (checks is_open());
//   - the destructor closes the stream if it is still open.
// addEntry() is thread-safe (mu_).
#pragma once
#include <cstddef>
#include <fstream>
#include <mutex>
#include <string>

#include "backupd/chunk.h"

namespace backupd {

class ManifestWriter {
public:
  ManifestWriter() = default;
  ~ManifestWriter();
  ManifestWriter(const ManifestWriter &) = delete;
  ManifestWriter &operator=(const ManifestWriter &) = delete;

  void open(const std::string &path, const std::string &runId);
  void addEntry(const CompressedChunk &chunk);
  void writeTrailer(const std::string &digest, std::size_t failed);
  void finish();
  const std::string &path() const { return path_; }

private:
  std::mutex mu_;
  std::ofstream out_;
  std::string path_;
  std::size_t entries_ = 0;
};

} // namespace backupd
