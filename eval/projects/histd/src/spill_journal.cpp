// SpillJournal: length-prefixed packed batches in numbered files under the
// spill directory; SpillReader reads them back for replay.
#include "spill_journal.h"

#include "codec.h"
#include "log.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;

namespace histd {

SpillJournal::SpillJournal(std::string dir, uint64_t rotateBytes)
    : dir_(std::move(dir)), rotateBytes_(rotateBytes) {
  fs::create_directories(dir_);
  for (const fs::directory_entry &e : fs::directory_iterator(dir_)) {
    unsigned n = 0;
    if (std::sscanf(e.path().filename().c_str(), "spill-%8u.bin", &n) == 1)
      seq_ = std::max<uint32_t>(seq_, n);
  }
  ++seq_;
  file_.open(pathFor(seq_), "ab");
  writer_.attach(file_.get());
}

std::string SpillJournal::pathFor(uint32_t seq) const {
  char name[32];
  std::snprintf(name, sizeof name, "spill-%08u.bin", seq);
  return dir_ + "/" + name;
}

void SpillJournal::append(const SampleBatch &batch) {
  if (!file_)
    throw std::runtime_error("spill journal " + dir_ + " is closed");
  const std::string body = codec::encodeFrame("", batch);
  const uint32_t len = static_cast<uint32_t>(body.size());
  writer_.put(&len, sizeof len); // OK
  writer_.put(body.data(), body.size());
  bytesInFile_ += sizeof len + body.size();
  if (bytesInFile_ >= rotateBytes_)
    rotate();
}

void SpillJournal::sync() {
  if (!file_)
    return;
  writer_.flush();
  if (std::fflush(file_.get()) != 0 || ::fsync(::fileno(file_.get())) != 0) // OK
    log::warn("spill %s: sync failed", file_.path().c_str());
}

void SpillJournal::rotate() {
  if (!file_)
    return;
  StdioFile next(pathFor(seq_ + 1), "ab");
  writer_.flush();
  file_ = std::move(next);
  ++seq_;
  writer_.attach(file_.get());
  bytesInFile_ = 0;
}

std::vector<std::string> SpillJournal::sealedFiles() const {
  std::vector<std::string> out;
  const std::string current = pathFor(seq_);
  for (const fs::directory_entry &e : fs::directory_iterator(dir_)) {
    const std::string path = e.path().string();
    if (path != current && e.path().extension() == ".bin")
      out.push_back(path);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void SpillJournal::removeSealed(const std::string &path) {
  if (path == pathFor(seq_))
    throw std::logic_error("refusing to remove the open spill file");
  std::error_code ec;
  fs::remove(path, ec);
  if (ec)
    log::warn("spill: cannot remove %s: %s", path.c_str(), ec.message().c_str());
}

void SpillJournal::close() {
  if (!file_)
    return;
  writer_.flush();
  writer_.attach(nullptr);
  if (!file_.close())
    log::warn("spill %s: close reported an error", dir_.c_str());
}

SpillReader::SpillReader(const std::string &path) : file_(path, "rb"), path_(path) {}

bool SpillReader::next(SampleBatch &batch) {
  uint32_t len = 0;
  if (std::fread(&len, sizeof len, 1, file_.get()) != 1)
    return false;
  if (len < 8 || len > (64u << 20))
    throw std::runtime_error(path_ + ": corrupt spill record");
  std::string frame(len, '\0');
  if (std::fread(&frame[0], 1, len, file_.get()) != len)
    return false;
  // frame: "HSTF" varint(site len)=0, varint(source len) source, varint(body len) body, crc
  std::size_t pos = 5;
  auto varint = [&]() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && pos < frame.size(); shift += 7) {
      const uint8_t b = static_cast<uint8_t>(frame[pos++]);
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80))
        return v;
    }
    throw std::runtime_error(path_ + ": corrupt spill record");
  };
  const uint64_t sourceLen = varint();
  if (pos + sourceLen > frame.size())
    throw std::runtime_error(path_ + ": corrupt spill record");
  batch.source = frame.substr(pos, sourceLen);
  pos += sourceLen;
  const uint64_t bodyLen = varint();
  if (pos + bodyLen + 4 > frame.size())
    throw std::runtime_error(path_ + ": corrupt spill record");
  batch.samples = codec::unpackSamples(frame.substr(pos, bodyLen));
  return true;
}

} // namespace histd
