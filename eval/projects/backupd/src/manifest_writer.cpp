// ManifestWriter: see manifest_writer.h (writes after finish() are dropped by
// the closed ofstream; finish() is idempotent).
#include "backupd/manifest_writer.h"

#include <stdexcept>

namespace backupd {

ManifestWriter::~ManifestWriter() {
  if (out_.is_open())
    out_.close(); // OK: guarded; finish() may already have closed it
}

void ManifestWriter::open(const std::string &path, const std::string &runId) {
  std::lock_guard<std::mutex> lock(mu_);
  if (out_.is_open())
    out_.close();
  out_.open(path, std::ios::out | std::ios::trunc);
  if (!out_)
    throw std::runtime_error("cannot create manifest " + path);
  path_ = path;
  entries_ = 0;
  out_ << "# backupd manifest v1 run=" << runId << '\n'; // OK: (re)opened just above
}

void ManifestWriter::addEntry(const CompressedChunk &chunk) {
  std::lock_guard<std::mutex> lock(mu_);
  out_ << chunk.id << ' ' << chunk.file << ' ' << chunk.offset << ' ' << chunk.rawSize << ' '
       << chunk.data.size() << ' ' << chunk.crc << '\n';
  ++entries_;
}

void ManifestWriter::writeTrailer(const std::string &digest, std::size_t failed) {
  std::lock_guard<std::mutex> lock(mu_);
  out_ << "# entries=" << entries_ << " failed=" << failed << " digest=" << digest << '\n';
}

void ManifestWriter::finish() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!out_.is_open())
    return;
  out_.flush();
  out_.close(); // OK: guarded by is_open(), so a second finish() does nothing
}

} // namespace backupd
