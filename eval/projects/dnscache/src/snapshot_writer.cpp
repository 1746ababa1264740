// Writes one cache snapshot file atomically (temp file + rename).
#include "dnscache/snapshot_writer.h"

#include <stdexcept>
#include <unistd.h>

#include "dnscache/cache_snapshot.h"

namespace dnscache {

SnapshotWriter::SnapshotWriter(std::string path)
    : path_(std::move(path)), tmpPath_(path_ + ".tmp") {}

SnapshotWriter::~SnapshotWriter() {
  if (fp_) {
    // Neither close() nor commit() ran: drop the partial file.
    std::fclose(fp_); // OK: close() nulls fp_, so this only runs for a writer that was never closed
    std::remove(tmpPath_.c_str());
  }
}

bool SnapshotWriter::open() {
  fp_ = std::fopen(tmpPath_.c_str(), "wb");
  return fp_ != nullptr;
}

void SnapshotWriter::requireOpen(const char *what) const {
  if (closed_ || !fp_)
    throw std::logic_error(std::string("snapshot writer: ") + what + "() after close()");
}

bool SnapshotWriter::writeHeader(uint64_t count) {
  requireOpen("writeHeader");
  const SnapshotHeader header{kSnapshotMagic, kSnapshotVersion, count};
  return std::fwrite(&header, sizeof header, 1, fp_) == 1;
}

bool SnapshotWriter::writeEntry(const Cache::Entry &entry) {
  requireOpen("writeEntry");
  if (entry.key.size() > 0xffff)
    return false;
  const uint16_t keyLen = static_cast<uint16_t>(entry.key.size());
  const uint32_t wireLen = static_cast<uint32_t>(entry.wire.size());
  const int64_t expires = entry.expiresAtSec;
  return std::fwrite(&keyLen, sizeof keyLen, 1, fp_) == 1 &&
         std::fwrite(entry.key.data(), 1, keyLen, fp_) == keyLen &&
         std::fwrite(&wireLen, sizeof wireLen, 1, fp_) == 1 &&
         std::fwrite(entry.wire.data(), 1, wireLen, fp_) == wireLen &&
         std::fwrite(&expires, sizeof expires, 1, fp_) == 1;
}

void SnapshotWriter::sync() {
  requireOpen("sync");
  std::fflush(fp_);
  ::fsync(::fileno(fp_));
}

void SnapshotWriter::close() {
  if (closed_)
    throw std::logic_error("snapshot writer closed twice");
  closed_ = true;
  if (fp_) {
    std::fclose(fp_);
    fp_ = nullptr;
  }
}

bool SnapshotWriter::commit() {
  close();
  return std::rename(tmpPath_.c_str(), path_.c_str()) == 0;
}

} // namespace dnscache
